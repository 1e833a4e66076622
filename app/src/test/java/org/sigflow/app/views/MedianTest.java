package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The waterfall's noise-floor median: quickselect gives the element a full sort puts at index k. */
class MedianTest {
    @Test
    void selectsWhatSortingPutsAtK() {
        Random r = new Random(7);
        for (int n : new int[] {1, 2, 3, 10, 2048, 2049}) {
            float[] a = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = i % 5 == 0 ? -120 : (float) (r.nextGaussian() * 10 - 90); // ties, as a floor of zeros gives
            }
            float[] sorted = a.clone();
            Arrays.sort(sorted);
            for (int k : new int[] {0, n / 2, n - 1}) {
                assertEquals(sorted[k], Median.select(a.clone(), k), "n " + n + ", k " + k);
            }
        }
    }
}

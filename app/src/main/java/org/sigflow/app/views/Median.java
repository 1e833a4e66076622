package org.sigflow.app.views;

/** The k-th smallest value of an array in linear time (quickselect), without sorting all of it. */
final class Median {
    private Median() {}

    /** The value that would be at index {@code k} if {@code a} were sorted; reorders {@code a}. */
    static float select(float[] a, int k) {
        int lo = 0;
        int hi = a.length - 1;
        while (lo < hi) {
            float pivot = a[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    float t = a[i];
                    a[i++] = a[j];
                    a[j--] = t;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }
}

package org.sigflow.blocks.display;

import java.util.List;

/** Splits interleaved re/im samples into two traces. */
final class Deinterleave {
    private Deinterleave() {}

    static List<float[]> split(float[] interleaved) {
        int n = interleaved.length / 2;
        float[] re = new float[n];
        float[] im = new float[n];
        for (int i = 0; i < n; i++) {
            re[i] = interleaved[2 * i];
            im[i] = interleaved[2 * i + 1];
        }
        return List.of(re, im);
    }
}

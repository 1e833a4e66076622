package org.sigflow.blocks.ofdm;

import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockSetup;

/** Lists of lists params of GNU Radio's OFDM blocks: carrier index sets and symbol sets. */
final class CarrierSets {
    private CarrierSets() {}

    /**
     * Carrier index sets: negative indices count from fft_len; with {@code shifted} the index is moved by fft_len/2
     * (the FFT input is DC-centred), as GNU Radio's allocator and serializer do.
     */
    static int[][] indices(BlockSetup s, String id, int fftLen, boolean shifted, String block) {
        List<Value> sets = s.param(id).asList();
        int[][] out = new int[sets.size()][];
        for (int i = 0; i < out.length; i++) {
            List<Value> set = sets.get(i).asList();
            out[i] = new int[set.size()];
            for (int k = 0; k < set.size(); k++) {
                double v = set.get(k).re();
                int c = (int) v;
                if (c != v || set.get(k).im() != 0 || c < -fftLen || c >= fftLen) {
                    throw new IllegalArgumentException(block + ": " + id + " holds " + set.get(k).describe()
                            + ", not a carrier index from -" + fftLen + " to " + (fftLen - 1));
                }
                c = c < 0 ? c + fftLen : c;
                out[i][k] = shifted ? (c + fftLen / 2) % fftLen : c;
            }
        }
        return out;
    }

    /** Sets of complex symbols, each interleaved (re, im). */
    static float[][] symbols(BlockSetup s, String id) {
        List<Value> sets = s.param(id).asList();
        float[][] out = new float[sets.size()][];
        for (int i = 0; i < out.length; i++) {
            List<Value> set = sets.get(i).asList();
            out[i] = new float[2 * set.size()];
            for (int k = 0; k < set.size(); k++) {
                out[i][2 * k] = (float) set.get(k).re();
                out[i][2 * k + 1] = (float) set.get(k).im();
            }
        }
        return out;
    }
}

package org.sigflow.blocks.dsp;

import java.util.Arrays;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockSetup;

/** The window of the fft block and its CUDA twin: a named one, or {@code custom}'s explicit {@code window_taps}. */
public final class FftWindows {
    private FftWindows() {}

    /** The n window values; custom with no taps is no window (all ones), as GNU Radio's fft_vxx with an empty list. */
    public static float[] of(BlockSetup s, int n) {
        String window = s.string("window");
        if (!window.equals("custom")) {
            return WindowType.fromId(window).makeFloat(n, s.real("beta"));
        }
        float[] taps = s.has("window_taps") ? s.reals("window_taps") : new float[0];
        if (taps.length == 0) {
            float[] ones = new float[n];
            Arrays.fill(ones, 1f);
            return ones;
        }
        if (taps.length != n) {
            throw new IllegalArgumentException("FFT '" + s.instanceId() + "': the custom window has " + taps.length
                    + " taps, fft_size is " + n);
        }
        return taps;
    }
}

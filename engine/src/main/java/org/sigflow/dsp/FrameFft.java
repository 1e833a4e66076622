package org.sigflow.dsp;

/**
 * The {@code fft} block's per-frame work on many frames at once: window (in input order), optional
 * {@code ifftshift} before an inverse transform, the FFT, optional {@code fftshift} after a forward one, scaling.
 * Frames are consecutive in both arrays: {@code n} floats each for real input ({@code 2n} for complex), {@code 2n}
 * floats each out (interleaved complex). Instances hold scratch buffers: one per thread. Made by
 * {@link FrameFfts}; the scalar and Vector API implementations agree within float rounding.
 */
public interface FrameFft {
    int size();

    /** Frames transformed together (one per vector lane); a call with fewer costs as much. */
    default int framesPerPass() {
        return 1;
    }

    /** Transforms {@code frames} frames from {@code x[xOff..]} into {@code y[yOff..]} (no overlap). */
    void process(float[] x, int xOff, float[] y, int yOff, int frames);
}

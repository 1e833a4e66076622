package org.sigflow.dsp;

/**
 * A resampler that walks its input by a state of its own (GNU Radio's arbitrary and MMSE resamplers): each output
 * reads a window of inputs, then the state says how many inputs to step, which may be more than a call holds.
 */
public interface SteppingResampler {

    /** Inputs an output reads from its window's start item on (1 when it reads history before that item). */
    int window();

    /** Input history in items ({@code in.offset()} preceded by this many minus one). */
    int history();

    /**
     * Computes outputs while their windows lie within {@code available} items from {@code x[xOff]} and
     * {@code maxOut} allows; the first window starts at relative item {@code ahead}. Returns the outputs written to
     * {@code y[yOff..]} and stores in {@code next[0]} the relative item of the next window (may exceed
     * {@code available}).
     */
    int process(float[] x, int xOff, int ahead, int available, float[] y, int yOff, int maxOut, int[] next);
}

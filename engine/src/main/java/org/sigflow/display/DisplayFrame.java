package org.sigflow.display;

import java.util.List;

/**
 * One picture for a live view, published by a display sink. Every trace has the same length; point {@code i} of a
 * trace sits at {@code x = xStart + i * xStep} (frequency in Hz for spectra, seconds for time traces; constellation
 * frames hold the I and Q traces and no meaningful x).
 *
 * @param sequence    1 for the sink's first frame, counting up
 * @param traces      e.g. spectrum: [average dB, max-hold dB or empty]; time: [re, im] or [x]; constellation: [I, Q]
 * @param sampleCount items the sink had consumed when it made this frame
 */
public record DisplayFrame(long sequence, double xStart, double xStep, List<float[]> traces, long sampleCount) {
    public DisplayFrame {
        traces = List.copyOf(traces);
    }

    /** Points per trace. */
    public int length() {
        return traces.isEmpty() ? 0 : traces.getFirst().length;
    }
}

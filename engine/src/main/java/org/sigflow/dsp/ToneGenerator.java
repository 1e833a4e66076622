package org.sigflow.dsp;

/** A periodic waveform generator of {@code signal_source}: writes samples and takes run-time settings. */
public interface ToneGenerator {
    /** Writes n items (one float each when real, re/im pairs when complex) at {@code y[yOff]}. */
    void generate(float[] y, int yOff, int n);

    void setFrequency(double frequency);

    void setAmplitude(double amplitude);

    void setOffset(double re, double im);
}

package org.sigflow.dsp;

import java.util.Locale;

/** Waveforms of {@link SignalGenerator}, GNU Radio's {@code gr_waveform_t}. */
public enum Waveform {
    SINE, COSINE, SQUARE, TRIANGLE, SAWTOOTH, CONSTANT;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Waveform fromId(String id) {
        return valueOf(id.trim().toUpperCase(Locale.ROOT));
    }
}

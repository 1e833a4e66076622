package org.sigflow.dsp;

import java.util.Locale;

/** The responses {@link Firdes} designs. */
public enum FilterKind {
    LOW_PASS, HIGH_PASS, BAND_PASS, BAND_STOP;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean twoEdges() {
        return this == BAND_PASS || this == BAND_STOP;
    }

    public static FilterKind fromId(String id) {
        return valueOf(id.trim().toUpperCase(Locale.ROOT));
    }
}

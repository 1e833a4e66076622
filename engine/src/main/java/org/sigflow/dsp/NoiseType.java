package org.sigflow.dsp;

import java.util.Locale;

public enum NoiseType {
    GAUSSIAN, UNIFORM;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static NoiseType fromId(String id) {
        return valueOf(id.trim().toUpperCase(Locale.ROOT));
    }
}

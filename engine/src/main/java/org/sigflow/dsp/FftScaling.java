package org.sigflow.dsp;

/** Output scaling of an FFT: none (GNU Radio and FFTW), 1/N (numpy's ifft) or 1/sqrt(N) (unitary, "ortho"). */
public enum FftScaling {
    NONE("none"), ONE_OVER_N("1/N"), ONE_OVER_SQRT_N("1/sqrt(N)");

    private final String id;

    FftScaling(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public float factor(int n) {
        return switch (this) {
            case NONE -> 1f;
            case ONE_OVER_N -> (float) (1.0 / n);
            case ONE_OVER_SQRT_N -> (float) (1.0 / Math.sqrt(n));
        };
    }

    public static FftScaling fromId(String id) {
        for (FftScaling s : values()) {
            if (s.id.equalsIgnoreCase(id.trim()) || s.name().equalsIgnoreCase(id.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown FFT scaling '" + id + "' (none, 1/N, 1/sqrt(N))");
    }
}

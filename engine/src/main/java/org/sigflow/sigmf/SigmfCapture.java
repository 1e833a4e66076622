package org.sigflow.sigmf;

/**
 * One SigMF capture segment: from {@code sampleStart} on, the recording was made at {@code frequency} (Hz, NaN when
 * not given), starting at {@code datetime} (ISO-8601 UTC, null when not given).
 *
 * @param headerBytes bytes of non-sample header before this segment in the data file (non-conforming datasets)
 */
public record SigmfCapture(long sampleStart, double frequency, String datetime, long headerBytes) {
    public SigmfCapture {
        if (sampleStart < 0 || headerBytes < 0) {
            throw new IllegalArgumentException("capture sample_start and header_bytes must be >= 0");
        }
    }

    public static SigmfCapture at(long sampleStart, double frequency) {
        return new SigmfCapture(sampleStart, frequency, null, 0);
    }

    public boolean hasFrequency() {
        return !Double.isNaN(frequency);
    }
}

package org.sigflow.sigmf;

/**
 * One SigMF annotation: something about samples {@code [sampleStart, sampleStart + sampleCount)}; a stream tag on
 * {@code sampleStart} with the key {@link SigmfTags#ANNOTATION} carries it through a graph. Unknown numbers are NaN,
 * unknown texts null, an open-ended annotation has {@code sampleCount} −1.
 */
public record SigmfAnnotation(long sampleStart, long sampleCount, String label, String comment, double freqLowerEdge,
                              double freqUpperEdge) {
    public SigmfAnnotation {
        if (sampleStart < 0) {
            throw new IllegalArgumentException("annotation sample_start must be >= 0");
        }
    }

    public static SigmfAnnotation labelled(long sampleStart, long sampleCount, String label, String comment) {
        return new SigmfAnnotation(sampleStart, sampleCount, label, comment, Double.NaN, Double.NaN);
    }

    public SigmfAnnotation withSampleStart(long start) {
        return new SigmfAnnotation(start, sampleCount, label, comment, freqLowerEdge, freqUpperEdge);
    }
}

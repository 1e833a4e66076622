package org.sigflow.sigmf;

import java.util.List;

/**
 * What a {@code .sigmf-meta} says that SigFlow uses. Unknown numbers are NaN, unknown texts null.
 *
 * @param sampleRate samples per second ({@code core:sample_rate}), NaN when the file does not say
 * @param numChannels interleaved channels in the data file ({@code core:num_channels}, 1 by default)
 * @param offset     index of the first sample in the original recording ({@code core:offset}), for display only
 */
public record SigmfMetadata(SigmfDatatype datatype, double sampleRate, String version, int numChannels,
                            String description, String author, String recorder, String hardware, long offset,
                            List<SigmfCapture> captures, List<SigmfAnnotation> annotations) {

    /** The SigMF version SigFlow writes. */
    public static final String VERSION = "1.2.0";

    public SigmfMetadata {
        captures = List.copyOf(captures);
        annotations = List.copyOf(annotations);
    }

    /** Metadata for a new single-channel recording, as {@code sigmf_sink} starts it. */
    public static SigmfMetadata of(SigmfDatatype datatype, double sampleRate) {
        return new SigmfMetadata(datatype, sampleRate, VERSION, 1, null, null, "SigFlow", null, 0, List.of(),
                List.of());
    }

    /** Centre frequency of the first capture that has one, NaN when none has. */
    public double centerFrequency() {
        return captures.stream().filter(SigmfCapture::hasFrequency).mapToDouble(SigmfCapture::frequency).findFirst()
                .orElse(Double.NaN);
    }

    public SigmfMetadata withCaptures(List<SigmfCapture> c) {
        return new SigmfMetadata(datatype, sampleRate, version, numChannels, description, author, recorder, hardware,
                offset, c, annotations);
    }

    public SigmfMetadata withAnnotations(List<SigmfAnnotation> a) {
        return new SigmfMetadata(datatype, sampleRate, version, numChannels, description, author, recorder, hardware,
                offset, captures, a);
    }

    public SigmfMetadata withDescription(String d, String a) {
        return new SigmfMetadata(datatype, sampleRate, version, numChannels, d, a, recorder, hardware, offset,
                captures, annotations);
    }
}

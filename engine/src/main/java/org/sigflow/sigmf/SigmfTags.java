package org.sigflow.sigmf;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.sigflow.runtime.Tag;

/**
 * Captures and annotations ↔ stream tags, with GNU Radio's tag keys where it has them ({@code rx_freq},
 * {@code rx_rate}, {@code rx_time} as {@code gr-uhd} and {@code gr-sigmf} use them):
 * <ul>
 *   <li>a capture with {@code core:frequency} → {@code rx_freq} (Hz, Double) on its first sample; with
 *       {@code core:datetime} → {@code rx_time} (the ISO-8601 text);</li>
 *   <li>{@code core:sample_rate} → {@code rx_rate} on sample 0;</li>
 *   <li>an annotation → {@value #ANNOTATION} on its first sample, the value a {@link SigmfAnnotation}.</li>
 * </ul>
 * Writing inverts this; any other tag becomes an annotation labelled with the tag's key, its value the comment.
 */
public final class SigmfTags {
    public static final String FREQ = "rx_freq";
    public static final String RATE = "rx_rate";
    public static final String TIME = "rx_time";
    public static final String ANNOTATION = "sigmf:annotation";

    private SigmfTags() {}

    /** The tags a recording puts on its stream, in offset order. */
    public static List<Tag> tagsOf(SigmfMetadata m) {
        TreeMap<Long, List<Tag>> byOffset = new TreeMap<>();
        if (!Double.isNaN(m.sampleRate())) {
            add(byOffset, new Tag(0, RATE, m.sampleRate()));
        }
        for (SigmfCapture c : m.captures()) {
            if (c.hasFrequency()) {
                add(byOffset, new Tag(c.sampleStart(), FREQ, c.frequency()));
            }
            if (c.datetime() != null) {
                add(byOffset, new Tag(c.sampleStart(), TIME, c.datetime()));
            }
        }
        for (SigmfAnnotation a : m.annotations()) {
            add(byOffset, new Tag(a.sampleStart(), ANNOTATION, a));
        }
        List<Tag> out = new ArrayList<>();
        byOffset.values().forEach(out::addAll);
        return out;
    }

    private static void add(TreeMap<Long, List<Tag>> map, Tag t) {
        map.computeIfAbsent(t.offset(), k -> new ArrayList<>()).add(t);
    }

    /**
     * Collects the tags a sink sees into captures and annotations. Capture 0 always exists (with
     * {@code centerFrequency}, NaN for none, unless an {@code rx_freq} tag on sample 0 says otherwise).
     */
    public static final class Collector {
        private final TreeMap<Long, SigmfCapture> captures = new TreeMap<>();
        private final List<SigmfAnnotation> annotations = new ArrayList<>();

        public Collector(double centerFrequency, String datetime) {
            captures.put(0L, new SigmfCapture(0, centerFrequency, datetime, 0));
        }

        public void accept(Tag t) {
            switch (t.key()) {
                case FREQ -> {
                    if (t.value() instanceof Number n) {
                        SigmfCapture c = captures.get(t.offset());
                        captures.put(t.offset(), new SigmfCapture(t.offset(), n.doubleValue(),
                                c == null ? null : c.datetime(), 0));
                    }
                }
                case TIME -> {
                    if (t.value() instanceof String s) {
                        SigmfCapture c = captures.get(t.offset());
                        captures.put(t.offset(), new SigmfCapture(t.offset(), c == null ? Double.NaN : c.frequency(),
                                s, 0));
                    }
                }
                case RATE -> { } // the sink's sample rate is the recording's
                case ANNOTATION -> {
                    if (t.value() instanceof SigmfAnnotation a) {
                        annotations.add(a.withSampleStart(t.offset()));
                    }
                }
                default -> annotations.add(SigmfAnnotation.labelled(t.offset(), -1, t.key(),
                        String.valueOf(t.value())));
            }
        }

        public SigmfMetadata into(SigmfMetadata m) {
            List<SigmfAnnotation> sorted = new ArrayList<>(annotations);
            sorted.sort((a, b) -> Long.compare(a.sampleStart(), b.sampleStart()));
            return m.withCaptures(List.copyOf(captures.values())).withAnnotations(sorted);
        }
    }
}

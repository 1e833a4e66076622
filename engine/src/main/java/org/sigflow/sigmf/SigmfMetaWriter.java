package org.sigflow.sigmf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Writes {@link SigmfMetadata} as a pretty-printed {@code .sigmf-meta} document (core namespace only). */
public final class SigmfMetaWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SigmfMetaWriter() {}

    public static String write(SigmfMetadata m) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode g = root.putObject("global");
        g.put("core:datatype", m.datatype().id());
        if (!Double.isNaN(m.sampleRate())) {
            g.put("core:sample_rate", m.sampleRate());
        }
        g.put("core:version", m.version());
        if (m.numChannels() != 1) {
            g.put("core:num_channels", m.numChannels());
        }
        putText(g, "core:description", m.description());
        putText(g, "core:author", m.author());
        putText(g, "core:recorder", m.recorder());
        putText(g, "core:hw", m.hardware());
        if (m.offset() != 0) {
            g.put("core:offset", m.offset());
        }
        ArrayNode caps = root.putArray("captures");
        for (SigmfCapture c : m.captures()) {
            ObjectNode n = caps.addObject();
            n.put("core:sample_start", c.sampleStart());
            if (c.hasFrequency()) {
                n.put("core:frequency", c.frequency());
            }
            putText(n, "core:datetime", c.datetime());
            if (c.headerBytes() != 0) {
                n.put("core:header_bytes", c.headerBytes());
            }
        }
        ArrayNode anns = root.putArray("annotations");
        for (SigmfAnnotation a : m.annotations()) {
            ObjectNode n = anns.addObject();
            n.put("core:sample_start", a.sampleStart());
            if (a.sampleCount() >= 0) {
                n.put("core:sample_count", a.sampleCount());
            }
            if (!Double.isNaN(a.freqLowerEdge())) {
                n.put("core:freq_lower_edge", a.freqLowerEdge());
            }
            if (!Double.isNaN(a.freqUpperEdge())) {
                n.put("core:freq_upper_edge", a.freqUpperEdge());
            }
            putText(n, "core:label", a.label());
            putText(n, "core:comment", a.comment());
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always serialises
        }
    }

    private static void putText(ObjectNode n, String key, String value) {
        if (value != null) {
            n.put(key, value);
        }
    }
}

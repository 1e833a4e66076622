package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * corr_est against GNU Radio 3.10's corr_est_cc for the same input, recorded by
 * {@code tools/reference/gen_gnuradio_corr_est.py}. The outputs are checked with calls of 777 items and of the
 * whole input; the tags with the input fed in one call (GNU Radio's calls are multiples of
 * its FFT block size and it drops the tail of a finite input, so its outputs are a prefix of SigFlow's). Passthrough
 * and correlation within 1e-4 relative to max(1, |value|) (GNU Radio correlates by FFT). Absolute threshold: every
 * tag of "out" (offset and key exact; phase_est within 1e-3 rad for GNU Radio's fast atan2, others 1e-4 relative).
 * Dynamic threshold: its per-call estimate depends on GNU Radio's call sizes, so only the outputs are compared.
 */
class GnuRadioCorrEstTest {

    static Stream<JsonNode> cases() throws Exception {
        return GnuRadioDigitalBlocksTest.load("/reference/gnuradio_corr_est.json", "cases").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGnuRadio(JsonNode c) throws Exception {
        String name = c.get("name").asText();
        BlockFactory factory = BlockRegistry.load().find("corr_est").orElseThrow();
        Map<String, Value> params = new HashMap<>();
        c.get("params").properties().forEach(e -> params.put(e.getKey(), GnuRadioDigitalBlocksTest.value(e.getValue())));
        float[] input = floats(c.get("input"));
        BlockHarness h = null;
        for (int chunk : new int[] {777, input.length}) {   // the outputs do not depend on call sizes; tags: one call
            h = BlockHarness.of(factory.create(new BlockSetup("t", "corr_est", params, List.of(), List.of(), null)))
                    .chunk(chunk).input(input, true).output(Dtype.CF32, 1).output(Dtype.CF32, 1).run();
            assertPrefix(name + " out, calls of " + chunk, floats(c.get("out")), h.floats(0));
            assertPrefix(name + " corr, calls of " + chunk, floats(c.get("corr")), h.floats(1));
        }
        if (c.get("params").get("threshold_method").asText().equals("dynamic")) {
            return;
        }
        long items = c.get("out").size() / 2;
        List<Tag> got = h.tags(0).stream().filter(t -> t.offset() < items)
                .sorted(Comparator.comparingLong(Tag::offset).thenComparing(Tag::key)).toList();
        List<JsonNode> want = new ArrayList<>();
        c.get("tags").forEach(want::add);
        assertTrue(want.size() >= 10, name + ": the reference has detections");
        assertEquals(want.size(), got.size(), name + ": tags " + got);
        for (int i = 0; i < want.size(); i++) {
            JsonNode w = want.get(i);
            Tag g = got.get(i);
            String where = name + " tag " + i + " " + w;
            assertEquals(w.get(0).asLong(), g.offset(), where);
            assertEquals(w.get(1).asText(), g.key(), where);
            double v = w.get(2).asDouble();
            double tol = g.key().equals("phase_est") ? 1e-3 : 1e-4 * Math.max(1, Math.abs(v));
            assertEquals(v, ((Number) g.value()).doubleValue(), tol, where);
        }
    }

    private static void assertPrefix(String name, float[] want, float[] got) {
        assertTrue(got.length >= want.length, name + ": " + got.length + " values, GNU Radio " + want.length);
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i], got[i], 1e-4 * Math.max(1, Math.abs(want[i])), name + " at element " + i);
        }
    }

    private static float[] floats(JsonNode values) {
        float[] f = new float[values.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values.get(i).asDouble();
        }
        return f;
    }
}

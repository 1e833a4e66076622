package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Reference vectors written by {@code tools/reference/gen_reference.py} (numpy/scipy, float64): a manifest of cases,
 * each with parameters, input and expected arrays (complex ones interleaved) and a tolerance.
 */
public final class ReferenceData {
    private static final JsonNode MANIFEST = load();

    private ReferenceData() {}

    public record Case(String name, JsonNode params, JsonNode node) {
        public double[] input(String key) {
            return read(node.get("inputs").get(key).get("file").asText());
        }

        public float[] inputFloats(String key) {
            double[] d = input(key);
            float[] f = new float[d.length];
            for (int i = 0; i < d.length; i++) {
                f[i] = (float) d[i]; // exact: inputs are float32 values
            }
            return f;
        }

        public double[] expected(String key) {
            return read(node.get("expected").get(key).get("file").asText());
        }

        public double tolerance() {
            return node.get("tolerance").asDouble();
        }

        public String metric() {
            return node.get("metric").asText();
        }

        public String str(String p) {
            return params.get(p).asText();
        }

        public double num(String p) {
            return params.get(p).asDouble();
        }

        public int integer(String p) {
            return params.get(p).asInt();
        }

        /** Asserts {@code actual} matches the expected array {@code key} under this case's metric and tolerance. */
        public void assertMatches(String key, float[] actual) {
            double[] a = new double[actual.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = actual[i];
            }
            assertMatches(key, a);
        }

        public void assertMatches(String key, double[] actual) {
            double[] e = expected(key);
            assertEquals(e.length, actual.length, name + ": length");
            double err = error(actual, e, metric());
            assertTrue(err <= tolerance(), name + ": " + metric() + " error " + err + " > " + tolerance());
        }
    }

    /** Error of {@code a} against {@code e} relative to rms(e): max abs ("max_rel_rms") or rms ("rms_rel_rms"). */
    public static double error(double[] a, double[] e, String metric) {
        double se = 0, sd = 0, max = 0;
        for (int i = 0; i < e.length; i++) {
            double d = Math.abs(a[i] - e[i]);
            se += e[i] * e[i];
            sd += d * d;
            max = Math.max(max, d);
        }
        double rms = Math.sqrt(se / Math.max(1, e.length));
        if (rms == 0) {
            rms = 1;
        }
        return metric.equals("rms_rel_rms") ? Math.sqrt(sd / Math.max(1, e.length)) / rms : max / rms;
    }

    public static List<Case> cases(String kind) {
        List<Case> out = new ArrayList<>();
        for (JsonNode c : MANIFEST.get("cases")) {
            if (c.get("kind").asText().equals(kind)) {
                out.add(new Case(c.get("name").asText(), c.get("params"), c));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no reference cases of kind " + kind);
        }
        return out;
    }

    private static JsonNode load() {
        try (InputStream in = ReferenceData.class.getResourceAsStream("/reference/manifest.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double[] read(String file) {
        try (InputStream in = ReferenceData.class.getResourceAsStream("/reference/" + file)) {
            if (in == null) {
                throw new IllegalStateException("missing reference file " + file);
            }
            ByteBuffer b = ByteBuffer.wrap(in.readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
            double[] d = new double[b.remaining() / 8];
            b.asDoubleBuffer().get(d);
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.sigflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.testing.GraphJson;

/** What run would refuse, validate reports first: in the user's words, bounded in time and memory, never "internal". */
class ValidateTellsTheTruthTest {
    @TempDir
    Path tmp;

    private static CliRun cli(String... args) {
        CliRun r = CliRun.of(args);
        assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), "internal error shown: " + r.err());
        return r;
    }

    private CliRun validate(GraphJson g) throws Exception {
        return cli("validate", g.write(tmp.resolve("g.graph")).toString());
    }

    private static GraphJson chain(String type, Map<String, String> params) {
        return new GraphJson().block("src", "null_source", Map.of("type", "f32"))
                .block("dut", type, params).block("sink", "null_sink", Map.of("type", "f32"))
                .chain("src", "dut", "sink");
    }

    @Test
    void manyLargeVariablesExhaustTheGraphBudgetNotTheMemory() throws Exception {
        GraphJson g = chain("multiply_const", Map.of("type", "f32", "const", "len(a) + len(b) + len(c)"));
        for (String v : List.of("a", "b", "c", "d", "e", "f")) {
            g.variable(v, "range(999999)");
        }
        long t0 = System.nanoTime();
        CliRun r = validate(g);
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.out());
        assertTrue(r.err().contains("too much data together") && r.err().contains("variable"), r.err());
        assertTrue((System.nanoTime() - t0) / 1e9 < 30, "bounded");
    }

    @Test
    void aMissingInputFileAndAMissingOutputFolderAreFoundByValidate() throws Exception {
        GraphJson g = new GraphJson()
                .block("src", "file_source", Map.of("file", "'no-such-input.cf32'"))
                .block("sink", "file_sink", Map.of("file", "'no-such-folder/out.cf32'"))
                .chain("src", "sink");
        CliRun r = validate(g);
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.out());
        assertTrue(r.err().contains("'src'") && r.err().contains("does not exist"), r.err());
    }

    @Test
    void hugeInterpolationIsRefusedWithTheBlockNamed() throws Exception {
        long t0 = System.nanoTime();
        CliRun r = validate(chain("interp_fir_filter",
                Map.of("io_type", "f32", "interpolation", "2**30", "taps", "[1.0, 1.0]")));
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.out());
        assertTrue(r.err().contains("'dut'") && r.err().contains("over the limit"), r.err());
        assertTrue((System.nanoTime() - t0) / 1e9 < 30, "refused before building (it took minutes, then ran out of memory)");
    }

    @Test
    void aHugeVectorLengthIsRefusedWithoutOverflow() throws Exception {
        GraphJson g = new GraphJson().block("src", "null_source", Map.of("type", "f32"))
                .block("s2v", "stream_to_vector", Map.of("type", "f32", "num_items", "2**31 - 1"))
                .block("v2s", "vector_to_stream", Map.of("type", "f32", "num_items", "2**31 - 1"))
                .block("sink", "null_sink", Map.of("type", "f32")).chain("src", "s2v", "v2s", "sink");
        CliRun r = validate(g);
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.out());
        assertFalse(r.err().contains("< 0") || r.err().contains("-2147483648"), r.err());
    }

    @Test
    void aLongExpressionIsQuotedAsAShortExcerpt() throws Exception {
        String huge = "[" + "1, ".repeat(20_000) + "'x'] + 1";
        CliRun r = validate(chain("multiply_const", Map.of("type", "f32", "const", huge)));
        assertEquals(ExitCodes.INVALID_INPUT, r.code(), r.out());
        assertTrue(r.err().length() < 2_000, "message of " + r.err().length() + " characters");
        assertTrue(r.err().contains("characters)"), r.err());
    }
}

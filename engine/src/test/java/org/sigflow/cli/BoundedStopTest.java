package org.sigflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.testing.GraphJson;

/**
 * A stop ends the graph within a bounded time whatever the blocks do: a FIR with a million taps works in slices of
 * a few milliseconds, so {@code --seconds} is honoured (it used to stop 24 s late). Bounds are generous for a loaded
 * CI machine; the benchmark measures the real figures.
 */
class BoundedStopTest {
    @TempDir
    Path tmp;

    @Test
    void aMillionTapFirStopsSoonAfterSeconds() throws Exception {
        Path g = new GraphJson()
                .block("src", "null_source", Map.of("type", "f32"))
                .block("fir", "fir_filter", Map.of("io_type", "f32", "taps_type", "real",
                        "taps_mode", "explicit", "taps", "[0.5] * 1000000"))
                .block("sink", "null_sink", Map.of("type", "f32"))
                .chain("src", "fir", "sink").write(tmp.resolve("big-fir.graph"));
        long t0 = System.nanoTime();
        CliRun r = CliRun.of("run", g.toString(), "--seconds", "1");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("stopped:"), r.out());
        assertTrue(seconds < 6, "--seconds 1 counts from the command's start and the stop is bounded; took " + seconds);
    }

    @Test
    void twoThousandBlocksStartAndRunToTheEnd() throws Exception {
        GraphJson graph = new GraphJson();
        String[] chain = new String[2000];
        chain[0] = "b0";
        graph.block("b0", "null_source", Map.of("type", "f32"));
        chain[1] = "head";
        graph.block("head", "head", Map.of("type", "f32", "num_items", "100000"));
        for (int i = 2; i < 1999; i++) {
            chain[i] = "b" + i;
            graph.block(chain[i], "multiply_const", Map.of("type", "f32", "const", "1.0"));
        }
        chain[1999] = "b1999";
        graph.block("b1999", "null_sink", Map.of("type", "f32"));
        Path g = graph.chain(chain).write(tmp.resolve("long-chain.graph"));
        CliRun r = CliRun.of("run", g.toString(), "--seconds", "120");
        String text = r.out();
        assertEquals(0, r.code(), r.err());
        assertTrue(text.startsWith("completed:") && text.contains(" 100,000 items to the sinks"), text);
    }
}

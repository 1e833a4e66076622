package org.sigflow.sigmf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.Graph;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/** The ready graph a .sigmf-meta opens as: variables from the metadata, valid, and it runs. */
class SigmfGraphsTest {
    @TempDir
    Path dir;

    /** A ci16_le recording of a tone at fs/8, 2.4 MS/s around 100.1 MHz. */
    static Path writeRecording(Path dir) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(4 * 8192).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < 8192; k++) {
            b.putShort((short) (16000 * Math.cos(Math.PI / 4 * k))).putShort((short) (16000 * Math.sin(Math.PI / 4 * k)));
        }
        Files.write(dir.resolve("fm.sigmf-data"), b.array());
        Files.writeString(dir.resolve("fm.sigmf-meta"), """
                {"global": {"core:datatype": "ci16_le", "core:sample_rate": 2400000, "core:version": "1.2.0",
                            "core:description": "tone", "core:author": "test"},
                 "captures": [{"core:sample_start": 0, "core:frequency": 100100000}],
                 "annotations": []}
                """);
        return dir.resolve("fm.sigmf-meta");
    }

    @Test
    void opensAsSourceThrottleSpectrumAndWaterfallThatRuns() throws Exception {
        Graph g = SigmfGraphs.forRecording(writeRecording(dir));
        assertEquals("2400000", g.variables().get("samp_rate"));
        assertEquals("100100000", g.variables().get("center_freq"));
        assertEquals(List.of("sigmf_source", "throttle", "spectrum_sink", "waterfall_sink"),
                g.blocks().stream().map(b -> b.type()).toList());
        assertEquals("center_freq", g.block("waterfall").orElseThrow().params().get("center_freq"));
        assertTrue(g.metadata().description().contains("ci16_le, 8192 samples"), g.metadata().description());

        Path saved = dir.resolve("fm.graph");
        new GraphWriter().save(g, saved);
        Engine engine = Engine.loadDefault();
        OpenedGraph opened = engine.open(saved, Map.of());
        assertEquals(List.of(), opened.warnings());
        try (RunningGraph run = engine.start(opened, RunOptions.DEFAULT)) {
            assertTrue(run.await(Duration.ofMillis(300)).isEmpty(), "a repeating recording plays until stopped");
            run.stop();
            RunOutcome o = run.await();
            assertTrue(o.ok(), String.valueOf(o.failure()));
            assertTrue(run.metrics().stream().anyMatch(m -> m.itemsOut() > 10_000), "it played in real time");
        }
    }
}

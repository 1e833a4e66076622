package org.sigflow.blocks.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.DisplaySink;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * The display sinks in a real graph: a finite tone into each sink; the sink consumes everything and its first frame
 * (due as soon as a frame's worth of samples arrived) shows the tone where closed-form math puts it.
 */
class DisplaySinksGraphTest {
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    /** 1 kHz complex tone, amplitude 0.5, at 32 kHz, 4096 samples into {@code sink}. */
    private RunningGraph run(String sinkType, String sinkParams) throws Exception {
        Path f = tmp.resolve("g.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {"samp_rate": "32e3"},
                 "blocks": [
                  {"id": "src", "type": "signal_source", "params": {"samp_rate": "samp_rate", "frequency": "1000",
                   "amplitude": "0.5"}},
                  {"id": "head", "type": "head", "params": {"num_items": "4096"}},
                  {"id": "sink", "type": "%s", "params": {%s}}],
                 "connections": [
                  {"fromBlock": "src", "fromPort": "out", "toBlock": "head", "toPort": "in"},
                  {"fromBlock": "head", "fromPort": "out", "toBlock": "sink", "toPort": "in"}]}
                """.formatted(sinkType, sinkParams));
        OpenedGraph g = engine.open(f, Map.of());
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);
        assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
        return run;
    }

    private static DisplayFrame frame(RunningGraph run) {
        DisplaySink sink = (DisplaySink) run.block("sink");
        assertTrue(sink.frames().published() >= 1);
        DisplayFrame f = sink.frames().take();
        assertNotNull(f);
        return f;
    }

    @Test
    void spectrumSinkShowsTheToneAtItsFrequencyInDbfs() throws Exception {
        try (RunningGraph run = run("spectrum_sink", "\"samp_rate\": \"samp_rate\", \"fft_size\": \"256\", "
                + "\"max_hold\": \"True\"")) {
            DisplayFrame f = frame(run);
            assertEquals(2, f.traces().size(), "average and max-hold");
            float[] db = f.traces().get(0);
            int peak = 0;
            for (int i = 1; i < db.length; i++) {
                peak = db[i] > db[peak] ? i : peak;
            }
            assertEquals(1000.0, f.xStart() + peak * f.xStep(), 1e-9, "1 kHz = 8 bins of 125 Hz right of DC");
            assertEquals(20 * Math.log10(0.5), db[peak], 1e-3);
        }
    }

    @Test
    void timeAndConstellationSinksShowTheNewestSamples() throws Exception {
        try (RunningGraph run = run("time_sink", "\"samp_rate\": \"samp_rate\", \"points\": \"64\"")) {
            DisplayFrame f = frame(run);
            assertEquals(2, f.traces().size(), "re and im");
            assertEquals(64, f.length());
            assertEquals(1 / 32e3, f.xStep(), 1e-15);
            // Whatever samples the frame holds, every point of a tone of amplitude 0.5 lies on the 0.5 circle.
            for (int i = 0; i < 64; i++) {
                assertEquals(0.5, Math.hypot(f.traces().get(0)[i], f.traces().get(1)[i]), 1e-5);
            }
        }
        try (RunningGraph run = run("constellation_sink", "\"points\": \"32\"")) {
            DisplayFrame f = frame(run);
            assertEquals(32, f.length());
            assertEquals(0.5, Math.hypot(f.traces().get(0)[7], f.traces().get(1)[7]), 1e-5);
        }
    }
}

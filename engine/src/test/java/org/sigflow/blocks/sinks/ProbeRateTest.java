package org.sigflow.blocks.sinks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtText;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.RunOptions;
import org.sigflow.session.Engine;
import org.sigflow.testing.GraphJson;

/**
 * probe_rate's messages have GNU Radio 3.10's form ({@code (((rate_now . 97767.1) (rate_avg . 97767.1)))}, as its
 * probe printed), the first average is the first rate, and each next one follows alpha · now + (1 − alpha) · average.
 */
class ProbeRateTest {
    @TempDir
    Path dir;

    @Test
    void postsRatesInGnuRadiosForm() throws Exception {
        Engine engine = Engine.loadDefault();
        GraphJson g = new GraphJson()
                .block("src", "null_source", Map.of("type", "f32"))
                .block("thr", "throttle", Map.of("type", "f32", "samples_per_second", "2e6"))
                .block("probe", "probe_rate", Map.of("type", "f32", "mintime", "20", "alpha", "0.25"))
                .block("dbg", "message_debug", Map.of())
                .chain("src", "thr", "probe")
                .connect("probe", "rate", "dbg", "store");
        try (RunningGraph run = engine.start(engine.open(g.write(dir.resolve("p.graph")), Map.of()),
                RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (dbg.messages().size() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            run.stop();
            List<Pmt> m = dbg.messages();
            assertTrue(m.size() >= 4, "messages: " + m.size());
            double avg = Double.NaN;
            for (Pmt p : m) {
                assertTrue(PmtText.write(p).matches("\\(\\(\\(rate_now \\. [0-9.e+]+\\) \\(rate_avg \\. [0-9.e+]+\\)"
                        + "\\)\\)"), PmtText.write(p));
                Pmt.Dict d = (Pmt.Dict) ((Pmt.Pair) p).car();
                double now = ((Pmt.Real) d.get(Pmt.symbol("rate_now"))).value();
                double got = ((Pmt.Real) d.get(Pmt.symbol("rate_avg"))).value();
                avg = Double.isNaN(avg) ? now : 0.25 * now + 0.75 * avg;
                assertEquals(avg, got, 1e-9 * avg);
                assertTrue(now > 0);
            }
        }
    }
}

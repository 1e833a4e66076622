package org.sigflow.blocks.pdu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.testing.GraphJson;

/**
 * random_pdu driven by a strobe: one PDU at the start and one per message, lengths in [15, 50] rounded down to
 * multiples of 4 and bytes within the mask (the rules GNU Radio 3.10's random_pdu(15, 50, 0x0f, 4) showed: lengths
 * 12 … 48, bytes ≤ 15, nil metadata); and with no sender it posts its one PDU and ends.
 */
class RandomPduTest {
    @TempDir
    Path dir;

    @Test
    void lengthsAndBytesFollowTheRules() throws Exception {
        Engine engine = Engine.loadDefault();
        GraphJson g = new GraphJson()
                .block("strobe", "message_strobe", Map.of("msg", "'pmt.PMT_T'", "period", "1"))
                .block("gen", "random_pdu", Map.of("minsize", "15", "maxsize", "50", "mask", "0x0f",
                        "length_modulo", "4"))
                .block("dbg", "message_debug", Map.of())
                .connect("strobe", "strobe", "gen", "generate")
                .connect("gen", "pdus", "dbg", "store");
        try (RunningGraph run = engine.start(engine.open(g.write(dir.resolve("r.graph")), Map.of()),
                RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (dbg.messages().size() < 200 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            run.stop();
            List<Pmt> pdus = dbg.messages();
            assertTrue(pdus.size() >= 200, "PDUs: " + pdus.size());
            Set<Integer> lengths = new HashSet<>();
            for (Pmt p : pdus) {
                assertTrue(Pdus.isPdu(p));
                assertEquals(Pmt.NIL, ((Pmt.Pair) p).car());
                byte[] b = (byte[]) ((Pmt.Uniform) ((Pmt.Pair) p).cdr()).data();
                assertTrue(b.length % 4 == 0 && b.length >= 12 && b.length <= 48, "length " + b.length);
                lengths.add(b.length);
                for (byte x : b) {
                    assertTrue((x & 0xf0) == 0, "byte " + x);
                }
            }
            assertEquals(Set.of(12, 16, 20, 24, 28, 32, 36, 40, 44, 48), lengths, "every length GNU Radio's gave");
        }
        GraphJson alone = new GraphJson()
                .block("gen", "random_pdu", Map.of())
                .block("dbg", "message_debug", Map.of())
                .connect("gen", "pdus", "dbg", "store");
        try (RunningGraph run = engine.start(engine.open(alone.write(dir.resolve("a.graph")), Map.of()),
                RunOptions.DEFAULT)) {
            RunOutcome end = run.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("did not end"));
            assertEquals(RunOutcome.Kind.COMPLETED, end.kind());
            assertEquals(1, ((MessageDebug.Debug) run.block("dbg")).messages().size());
        }
    }
}

package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;

/** Files GNU Radio's file sinks wrote, read and compared with SigFlow's (GnuRadioSamplesTest, GnuRadioExamplesTest). */
final class GnuRadioFiles {
    /** Bytes per value of each file sink item type (a complex item is two float values). */
    static final Map<String, Integer> VALUE_BYTES = Map.of("float", 4, "complex", 4, "byte", 1, "short", 2, "int", 4);

    private GnuRadioFiles() {
    }

    /** The file's values as doubles (complex: re, im pairs), little-endian as GNU Radio writes them. */
    static double[] values(Path p, String type) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
        double[] out = new double[b.capacity() / VALUE_BYTES.get(type)];
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (type) {
                case "byte" -> b.get(i);
                case "short" -> b.getShort(2 * i);
                case "int" -> b.getInt(4 * i);
                default -> b.getFloat(4 * i);
            };
        }
        return out;
    }

    /**
     * Waits until the graph ends, or, where it never does in SigFlow (a message strobe drives it, a throttle's output
     * goes nowhere), until every file sink is done by {@code sinkDone}, then stops it. Bounded by the test's timeout.
     */
    static void runUntilWritten(RunningGraph run, Predicate<BlockMetrics> sinkDone) throws InterruptedException {
        while (true) {
            Optional<RunOutcome> done = run.await(Duration.ofMillis(100));
            if (done.isPresent()) {
                assertEquals(RunOutcome.Kind.COMPLETED, done.get().kind());
                return;
            }
            if (run.metrics().stream().filter(m -> m.type().equals("file_sink")).allMatch(sinkDone)) {
                run.stop();
                run.await();
                return;
            }
        }
    }

    /** Same length, and max |got - want| (per complex item where complex) at most tolerance * rms(want). */
    static void assertClose(String what, double[] want, double[] got, boolean complex, double tolerance) {
        assertEquals(want.length, got.length, what + ": values written");
        int step = complex ? 2 : 1;
        double power = 0;
        for (double v : want) {
            power += v * v;
        }
        double rms = Math.sqrt(power / (want.length / (double) step));
        double worst = 0;
        int at = 0;
        for (int i = 0; i < want.length; i += step) {
            double e = complex ? Math.hypot(got[i] - want[i], got[i + 1] - want[i + 1]) : Math.abs(got[i] - want[i]);
            if (Double.isNaN(e)) {
                e = Double.isNaN(want[i]) && Double.isNaN(got[i]) ? 0 : Double.POSITIVE_INFINITY;
            }
            if (e > worst) {
                worst = e;
                at = i / step;
            }
        }
        assertTrue(worst <= tolerance * rms, what + ": max error " + worst + " (rms " + rms + ") at item " + at);
    }
}

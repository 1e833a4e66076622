package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The memory nodes' thread placement ({@code -Dsigflow.memory.pinThreads}): modes, CPUs dealt, pinning on Linux. */
class NodeCoresTest {
    @Test
    void modesAreOffUnlessAsked() {
        assertEquals(NodeCores.Mode.OFF, NodeCores.mode(null));
        assertEquals(NodeCores.Mode.OFF, NodeCores.mode(" "));
        assertEquals(NodeCores.Mode.OFF, NodeCores.mode("off"));
        assertEquals(NodeCores.Mode.OWN, NodeCores.mode("Own"));
        assertEquals(NodeCores.Mode.PAIR, NodeCores.mode("pair"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeCores.mode("half"));
        assertTrue(e.getMessage().contains("sigflow.memory.pinThreads") && e.getMessage().contains("'half'"), e.getMessage());
    }

    @Test
    void cpusAreDealtFromTheHighestDownAndRound() {
        Set<Integer> seen = new HashSet<>();
        for (int k = 0; k < 16; k++) {
            int c = NodeCores.cpu(k, 16);
            assertEquals(15 - k, c);
            assertTrue(seen.add(c));
        }
        assertEquals(15, NodeCores.cpu(16, 16));
        assertEquals(0, NodeCores.cpu(1, 2));
        assertEquals(1, NodeCores.cpu(2, 2));
    }

    @Test
    void offPinsNothing() throws Exception {
        int[] got = onNewThread(null, () -> new int[] {NodeCores.pinNode("test"), NodeCores.waiterCpu()});
        assertEquals(-1, got[0]);
        assertEquals(-1, got[1]);
    }

    @Test
    void ownPinsTheNodeAndGivesItsWaiterAnotherCpu() throws Exception {
        assumeLinux();
        int cpus = Runtime.getRuntime().availableProcessors();
        int[] got = onNewThread("own", () -> {
            int node = NodeCores.pinNode("test");
            int again = NodeCores.pinNode("test"); // once per thread
            return new int[] {node, again, allowedCpu(), NodeCores.waiterCpu(), NodeCores.cpus(),
                Runtime.getRuntime().availableProcessors()};
        });
        assertEquals(cpus, got[4], "CPUs to deal from, on a pinned thread");
        assertEquals(1, got[5], "the JDK's count on a pinned thread (why NodeCores counts once)");
        assertTrue(got[0] >= 0 && got[0] < cpus, "node cpu " + got[0]);
        assertEquals(got[0], got[1]);
        assertEquals(got[0], got[2], "the thread's allowed CPUs after pinning");
        assertTrue(got[3] >= 0 && got[3] < cpus);
        if (cpus > 1) {
            assertNotEquals(got[0], got[3], "own: the waiter on a CPU of its own");
        }
        int[] waiter = onNewThread("own", () -> new int[] {NodeCores.pin(got[3]) ? 1 : 0, allowedCpu()});
        assertEquals(1, waiter[0]);
        assertEquals(got[3], waiter[1]);
    }

    @Test
    void pairGivesTheWaiterItsNodesCpu() throws Exception {
        assumeLinux();
        int[] got = onNewThread("pair", () -> new int[] {NodeCores.pinNode("test"), NodeCores.waiterCpu(), allowedCpu()});
        assertTrue(got[0] >= 0);
        assertEquals(got[0], got[1]);
        assertEquals(got[0], got[2]);
    }

    private static void assumeLinux() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "Linux only");
    }

    /** The one CPU the calling thread may run on (-1 when it may run on several). */
    private static int allowedCpu() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    String v = line.substring(line.indexOf(':') + 1).trim();
                    return v.matches("\\d+") ? Integer.parseInt(v) : -1;
                }
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return -1;
    }

    /** Runs {@code body} on a fresh platform thread with the property set (so this thread stays unpinned). */
    private static int[] onNewThread(String mode, java.util.function.Supplier<int[]> body) throws Exception {
        String before = System.getProperty("sigflow.memory.pinThreads");
        AtomicReference<int[]> out = new AtomicReference<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        try {
            if (mode == null) {
                System.clearProperty("sigflow.memory.pinThreads");
            } else {
                System.setProperty("sigflow.memory.pinThreads", mode);
            }
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    out.set(body.get());
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            t.join(30_000);
        } finally {
            if (before == null) {
                System.clearProperty("sigflow.memory.pinThreads");
            } else {
                System.setProperty("sigflow.memory.pinThreads", before);
            }
        }
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
        return out.get();
    }
}

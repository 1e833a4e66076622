package org.sigflow.runtime.buffer;

import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Off-heap rings on huge pages ({@code -Dsigflow.ringHugePages=true}): aligned, zeroed, on 2 MiB pages, freed with the graph. */
class HugeRingsTest {
    @Test
    void aLargeRingIsZeroedAlignedOnHugePagesAndFreedWithItsGraph() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/smaps")), "Linux only");
        long bytes = (6L << 20) + 5 * 4096; // not a whole number of huge pages
        RingArena rings = new RingArena();
        MemorySegment s = withHugePages(() -> rings.allocator(null).allocate(bytes, StreamBuffer.PAGE));
        assertEquals(bytes, s.byteSize());
        assertEquals(0, s.address() % HugeRings.HUGE, "the ring starts on a huge page");
        for (long i = 0; i < bytes; i += 8) {
            if (s.get(JAVA_LONG, i) != 0) {
                throw new AssertionError("byte " + i + " of a new ring is not zero");
            }
        }
        for (long i = 0; i < bytes; i += 4096) {
            s.set(JAVA_LONG, i, i + 1);
        }
        for (long i = 0; i < bytes; i += 4096) {
            assertEquals(i + 1, s.get(JAVA_LONG, i));
        }
        if (thpForMadvised()) {
            long huge = anonHugeKb(s.address());
            assertTrue(huge >= 2048, "AnonHugePages of the ring's mapping: " + huge + " kB");
        }
        rings.free();
        assertThrows(IllegalStateException.class, () -> s.get(JAVA_LONG, 0), "the ring is freed with its graph");
    }

    @Test
    void offByDefaultAndSmallRingsStayAsTheyWere() throws Exception {
        RingArena rings = new RingArena();
        MemorySegment plain = rings.allocator(null).allocate(4L << 20, StreamBuffer.PAGE);
        MemorySegment small = withHugePages(() -> rings.allocator(null).allocate(64 * 1024, StreamBuffer.PAGE));
        assertEquals(4L << 20, plain.byteSize());
        assertEquals(64 * 1024, small.byteSize());
        assertEquals(0, small.get(JAVA_LONG, 8));
        assertEquals(null, HugeRings.map(rings.arena(), 64 * 1024, StreamBuffer.PAGE), "below a huge page: not mapped");
        rings.free();
    }

    private static MemorySegment withHugePages(java.util.function.Supplier<MemorySegment> body) {
        String before = System.getProperty("sigflow.ringHugePages");
        System.setProperty("sigflow.ringHugePages", "true");
        try {
            return body.get();
        } finally {
            if (before == null) {
                System.clearProperty("sigflow.ringHugePages");
            } else {
                System.setProperty("sigflow.ringHugePages", before);
            }
        }
    }

    /** THP given to madvised memory at fault time ({@code enabled} madvise or always, {@code defrag} not never/defer). */
    private static boolean thpForMadvised() {
        try {
            String enabled = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
            String defrag = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/defrag"));
            return (enabled.contains("[madvise]") || enabled.contains("[always]"))
                    && List.of("[always]", "[madvise]", "[defer+madvise]").stream().anyMatch(defrag::contains);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** AnonHugePages (kB) of the mapping in /proc/self/smaps that holds {@code address}. */
    private static long anonHugeKb(long address) throws java.io.IOException {
        boolean inside = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                String[] range = line.substring(0, line.indexOf(' ')).split("-");
                inside = Long.parseUnsignedLong(range[0], 16) <= address && address < Long.parseUnsignedLong(range[1], 16);
            } else if (inside && line.startsWith("AnonHugePages:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return -1;
    }
}

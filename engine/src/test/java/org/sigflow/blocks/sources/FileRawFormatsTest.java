package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The raw integer formats u8, s16_le and s32_le (GNU Radio's byte, short and int files): the file holds the items'
 * bytes, little-endian and unscaled, on heap rings (BlockHarness) and off-heap rings (a running graph).
 */
class FileRawFormatsTest {
    @TempDir
    Path dir;

    private static String format(String type) {
        return switch (type) {
            case "u8" -> "u8";
            case "s16" -> "s16_le";
            default -> "s32_le";
        };
    }

    private static Block sink(Path file, String type, int vlen) throws Exception {
        return Setups.create("file_sink", "file", file, "format", format(type), "type", type, "append", false,
                "vlen", vlen);
    }

    private static Block source(Path file, String type, int vlen, boolean repeat) throws Exception {
        return Setups.create("file_source", "file", file, "format", format(type), "type", type, "repeat", repeat,
                "vlen", vlen);
    }

    /** n elements spanning the type's whole range (extremes, −1, 0, and a stride through the rest). */
    private static Object items(Dtype t, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (i % 5) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> -1;
                case 3 -> 0;
                default -> (long) i * 0x9E3779B97F4A7C15L;
            };
        }
        return switch (t) {
            case U8 -> { byte[] b = new byte[n]; for (int i = 0; i < n; i++) b[i] = (byte) (v[i] >> 56); yield b; }
            case S16 -> { short[] s = new short[n]; for (int i = 0; i < n; i++) s[i] = (short) (v[i] >> 48); yield s; }
            default -> { int[] x = new int[n]; for (int i = 0; i < n; i++) x[i] = (int) (v[i] >> 32); yield x; }
        };
    }

    /** The little-endian bytes GNU Radio writes for the items (each element's bytes, low byte first). */
    private static byte[] littleEndian(Object items) {
        return switch (items) {
            case byte[] b -> b.clone();
            case short[] s -> {
                ByteBuffer b = ByteBuffer.allocate(2 * s.length).order(ByteOrder.LITTLE_ENDIAN);
                for (short x : s) b.putShort(x);
                yield b.array();
            }
            case int[] n -> {
                ByteBuffer b = ByteBuffer.allocate(4 * n.length).order(ByteOrder.LITTLE_ENDIAN);
                for (int x : n) b.putInt(x);
                yield b.array();
            }
            default -> throw new IllegalArgumentException();
        };
    }

    private static Object collected(BlockHarness h, Dtype t) {
        return switch (t) {
            case U8 -> h.bytes(0);
            case S16 -> h.shorts(0);
            default -> h.ints(0);
        };
    }

    private static void assertSameItems(Object want, Object got) {
        switch (want) {
            case byte[] b -> assertArrayEquals(b, (byte[]) got);
            case short[] s -> assertArrayEquals(s, (short[]) got);
            default -> assertArrayEquals((int[]) want, (int[]) got);
        }
    }

    @ParameterizedTest
    @CsvSource({"u8, 1", "u8, 3", "s16, 1", "s16, 2", "s32, 1", "s32, 5"})
    void fileHoldsTheItemsBytesAndReadsBackExactly(String type, int vlen) throws Exception {
        Dtype t = Dtype.fromId(type);
        Path file = dir.resolve("x." + format(type));
        Object x = items(t, 1000 * vlen);
        BlockHarness.of(sink(file, type, vlen)).input(t, vlen, x).chunk(37).run();
        assertArrayEquals(littleEndian(x), Files.readAllBytes(file));

        BlockHarness h = BlockHarness.of(source(file, type, vlen, false)).output(t, vlen).chunk(41).run();
        assertTrue(h.finishedByItself(), "a non-repeating file source ends at the end of the file");
        assertSameItems(x, collected(h, t));
    }

    @ParameterizedTest
    @CsvSource({"u8, 3", "s16, 2", "s32, 1"})
    void repeatPlaysTheFileAgain(String type, int vlen) throws Exception {
        Dtype t = Dtype.fromId(type);
        Path file = dir.resolve("r." + format(type));
        Object x = items(t, 4 * vlen);
        Files.write(file, littleEndian(x));
        BlockHarness h = BlockHarness.of(source(file, type, vlen, true)).output(t, vlen).chunk(3).maxCalls(4).run();
        assertFalse(h.finishedByItself());
        byte[] once = littleEndian(x);
        byte[] got = littleEndian(collected(h, t));
        assertEquals(3 * once.length, got.length, "4 calls of 3 items over a 4-item file: 3 laps");
        for (int lap = 0; lap < 3; lap++) {
            assertArrayEquals(once, Arrays.copyOfRange(got, lap * once.length, (lap + 1) * once.length), "lap " + lap);
        }
    }

    @Test
    void trailingPartialItemIsIgnored() throws Exception {
        Path file = dir.resolve("odd.s32");
        int[] x = {-2, 0x12345678, Integer.MIN_VALUE, 7};
        byte[] bytes = Arrays.copyOf(littleEndian(x), 16 + 5); // two s32 vlen-2 items and 5 bytes of a third
        Files.write(file, bytes);
        BlockHarness h = BlockHarness.of(source(file, "s32", 2, false)).output(Dtype.S32, 2).run();
        assertArrayEquals(x, h.ints(0));
    }

    @Test
    void formatAndTypeMustAgree() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Setups.create("file_sink",
                "file", dir.resolve("x"), "format", "s16_le", "type", "u8", "append", false, "vlen", 1));
        assertEquals("file_sink 'file_sink_0': format s16_le holds s16 samples, but IO Type is u8 (the raw formats "
                + "u8, s16_le, s32_le keep u8, s16, s32 items unscaled)", e.getMessage());
    }

    /** file_source → file_sink running with every ring off the heap: the copy's bytes are the file's, over many laps. */
    @ParameterizedTest
    @CsvSource({"u8, 3", "s16, 2", "s32, 1"})
    void offHeapRingsCopyTheFileExactly(String type, int vlen) throws Exception {
        Dtype t = Dtype.fromId(type);
        Path in = dir.resolve("in." + format(type));
        Path out = dir.resolve("out." + format(type));
        byte[] want = littleEndian(items(t, 200_000 * vlen));
        Files.write(in, want);
        SegmentSpy spy = new SegmentSpy(sink(out, type, vlen));
        PortSpec port = new PortSpec("out", t, vlen);
        List<FlowNode> nodes = List.of(new FlowNode("src", "file_source", source(in, type, vlen, false), List.of(),
                List.of(port)), new FlowNode("sink", "file_sink", spy, List.of(port), List.of()));
        String old = System.getProperty("sigflow.memory.offHeapRings");
        System.setProperty("sigflow.memory.offHeapRings", "always");
        try {
            RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "sink", 0)), new RunOptions(4096));
            g.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("graph did not end"));
        } finally {
            System.clearProperty("sigflow.memory.offHeapRings");
            if (old != null) {
                System.setProperty("sigflow.memory.offHeapRings", old);
            }
        }
        assertTrue(spy.sawSegment, "the ring was not off the heap");
        assertArrayEquals(want, Files.readAllBytes(out));
    }

    /** Passes every call to file_sink and records whether its input ring was off the heap. */
    private static final class SegmentSpy implements Block {
        private final Block sink;
        volatile boolean sawSegment;

        SegmentSpy(Block sink) {
            this.sink = sink;
        }

        @Override
        public WorkResult work(WorkIo io) throws Exception {
            sawSegment |= io.in(0).segment() != null;
            return sink.work(io);
        }

        @Override
        public boolean segmentViews() {
            return sink.segmentViews();
        }

        @Override
        public TagPolicy tagPolicy() {
            return sink.tagPolicy();
        }

        @Override
        public void start() throws Exception {
            sink.start();
        }

        @Override
        public void stop() throws Exception {
            sink.stop();
        }
    }
}

package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** file_sink → file → file_source for every format, plus the exact byte mappings and the errors users see. */
class FileSourceSinkTest {
    @TempDir
    Path dir;

    private Block sink(Path file, String format, boolean append) throws Exception {
        return Setups.create("file_sink", "file", file, "format", format, "type", format.equals("f32_le") ? "f32" : "cf32",
                "append", append, "vlen", 1);
    }

    private Block source(Path file, String format, boolean repeat) throws Exception {
        return Setups.create("file_source", "file", file, "format", format, "type", format.equals("f32_le") ? "f32" : "cf32",
                "repeat", repeat, "vlen", 1);
    }

    private float[] write(Path file, String format, float[] samples) throws Exception {
        Dtype t = format.equals("f32_le") ? Dtype.F32 : Dtype.CF32;
        BlockHarness.of(sink(file, format, false)).input(t, 1, samples).chunk(37).run();
        return samples;
    }

    private float[] read(Path file, String format) throws Exception {
        Dtype t = format.equals("f32_le") ? Dtype.F32 : Dtype.CF32;
        BlockHarness h = BlockHarness.of(source(file, format, false)).output(t, 1).chunk(41).run();
        assertTrue(h.finishedByItself(), "a non-repeating file source ends at the end of the file");
        return h.floats(0);
    }

    /** Samples within the codes of every format (ci8 tops out at 127/128), with values between codes. */
    private static float[] sweep(int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) Math.sin(0.37 * i) * 0.99f;
        }
        return x;
    }

    @ParameterizedTest
    @CsvSource({"cf32_le, 8, 0", "f32_le, 4, 0", "ci16_le, 4, 3.0518e-5", "ci8, 2, 0.0078125", "cu8, 2, 0.0078432"})
    void roundTripsEveryFormat(String format, int bytesPerComplexOrReal, double step) throws Exception {
        Path file = dir.resolve("x." + format);
        float[] x = write(file, format, sweep(2 * 1000));
        int items = format.equals("f32_le") ? 2000 : 1000;
        assertEquals((long) items * bytesPerComplexOrReal, Files.size(file));
        float[] y = read(file, format);
        assertEquals(x.length, y.length);
        for (int i = 0; i < x.length; i++) {
            // rounding to the nearest code: within half a quantisation step (exact for the float formats)
            assertEquals(x[i], y[i], step / 2 + 1e-7, "element " + i);
        }
    }

    @Test
    void integerFormatsMapCodesExactly() throws Exception {
        Path cu8 = dir.resolve("rtl.cu8");
        Files.write(cu8, new byte[] {0, (byte) 255, (byte) 127, (byte) 128});
        float[] y = read(cu8, "cu8");
        // (x - 127.5) / 127.5: symmetric, the two middle codes ±0.0039216, no code at 0
        assertEquals(-1.0f, y[0]);
        assertEquals(1.0f, y[1]);
        assertEquals(-0.0039216f, y[2], 1e-7f);
        assertEquals(0.0039216f, y[3], 1e-7f);

        Path ci8 = dir.resolve("x.ci8");
        Files.write(ci8, new byte[] {-128, 127, 0, 64});
        assertArrayEquals(new float[] {-1f, 127f / 128, 0f, 0.5f}, read(ci8, "ci8"));

        Path ci16 = dir.resolve("x.ci16");
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) -32768).putShort((short) 32767).putShort((short) 1).putShort((short) -16384);
        Files.write(ci16, b.array());
        assertArrayEquals(new float[] {-1f, 32767f / 32768, 1f / 32768, -0.5f}, read(ci16, "ci16_le"));
    }

    @Test
    void sinkRoundsAndClipsToTheCodeRange() throws Exception {
        float[] x = {1.5f, -1.5f, 1.0f, -1.0f, 0.5f, -0.00001f, 0.0039f, 0.0040f};
        Path ci8 = dir.resolve("clip.ci8");
        write(ci8, "ci8", x);
        assertArrayEquals(new byte[] {127, -128, 127, -128, 64, 0, 0, 1}, Files.readAllBytes(ci8));

        Path cu8 = dir.resolve("clip.cu8");
        write(cu8, "cu8", x);
        // x * 127.5 + 127.5, rounded: 1.5 → 318.75 clips to 255; -1.5 → -63.75 clips to 0; 0.5 → 191.25 → 191
        assertArrayEquals(new byte[] {(byte) 255, 0, (byte) 255, 0, (byte) 191, (byte) 127, (byte) 128, (byte) 128},
                Files.readAllBytes(cu8));

        Path ci16 = dir.resolve("clip.ci16");
        write(ci16, "ci16_le", new float[] {2f, -2f, 0.25f, -0.25f});
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(ci16)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(32767, b.getShort());
        assertEquals(-32768, b.getShort());
        assertEquals(8192, b.getShort());
        assertEquals(-8192, b.getShort());
    }

    @Test
    void appendAddsToTheFileAndRepeatPlaysItAgain() throws Exception {
        Path file = dir.resolve("a.cf32");
        write(file, "cf32_le", new float[] {1, 2});
        BlockHarness.of(sink(file, "cf32_le", true)).input(Dtype.CF32, 1, new float[] {3, 4, 5, 6}).run();
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, read(file, "cf32_le"));

        BlockHarness h = BlockHarness.of(source(file, "cf32_le", true)).output(Dtype.CF32, 1).chunk(2).maxCalls(4).run();
        assertFalse(h.finishedByItself());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4}, h.floats(0));
    }

    /** The scheduler offers chunks of any size: a large one after a small one must not overflow the byte buffer. */
    @ParameterizedTest
    @CsvSource({"cf32_le", "ci16_le", "ci8", "cu8"})
    void sinkHandlesGrowingChunks(String format) throws Exception {
        Path file = dir.resolve("grow." + format);
        Block sink = sink(file, format, false);
        int[] call = {0};
        Block skipsSomeCalls = io -> ++call[0] >= 2 && call[0] <= 4 ? org.sigflow.runtime.WorkResult.CONTINUE : sink.work(io);
        Block wrapped = new Block() {
            @Override public org.sigflow.runtime.WorkResult work(org.sigflow.runtime.WorkIo io) throws Exception {
                return skipsSomeCalls.work(io);
            }
            @Override public void start() throws Exception { sink.start(); }
            @Override public void stop() throws Exception { sink.stop(); }
        };
        float[] x = sweep(2 * 40);
        BlockHarness.of(wrapped).input(Dtype.CF32, 1, x).chunk(5).run();
        float[] y = read(file, format);
        assertEquals(x.length, y.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i], y[i], 0.0079 / 2 + 1e-7, "element " + i);
        }
    }

    @Test
    void trailingPartialItemIsIgnored() throws Exception {
        Path file = dir.resolve("odd.ci8");
        Files.write(file, new byte[] {64, -64, 32});
        assertArrayEquals(new float[] {0.5f, -0.5f}, read(file, "ci8"));
    }

    @Test
    void missingFileFailsAtStartNamingTheFile() throws Exception {
        Path file = dir.resolve("nowhere.cf32");
        IOException e = assertThrows(IOException.class, () -> source(file, "cf32_le", false).start());
        assertEquals("file_source: file '" + file + "' does not exist", e.getMessage());
    }

    @Test
    void repeatingAnEmptyFileIsAnError() throws Exception {
        Path file = dir.resolve("empty.cu8");
        Files.write(file, new byte[1]); // less than one complex item
        Block b = source(file, "cu8", true);
        IOException e = assertThrows(IOException.class, b::start);
        assertTrue(e.getMessage().startsWith("file_source: cannot repeat file '" + file + "': it holds no whole item"),
                e.getMessage());
        b.stop();
    }

    @Test
    void sinkIntoAMissingFolderIsRefusedBeforeStarting() throws Exception {
        Path file = dir.resolve("missing/out.cf32");
        IOException e = assertThrows(IOException.class, () -> sink(file, "cf32_le", false));
        assertTrue(e.getMessage().contains("folder '" + dir.resolve("missing") + "' does not exist"), e.getMessage());
    }

    @Test
    void formatAndTypeMustAgree() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Setups.create("file_source",
                "file", "x", "format", "cu8", "type", "f32", "repeat", false, "vlen", 1));
        assertEquals("file_source 'file_source_0': format cu8 holds cf32 samples, but IO Type is f32", e.getMessage());
    }

    @Test
    void relativePathsResolveAgainstTheGraphFolder() {
        assertEquals(dir.resolve("rec/x.cu8"), new org.sigflow.runtime.BlockSetup("src", "file_source",
                java.util.Map.of("file", org.sigflow.expr.Value.of("rec/x.cu8")), java.util.List.of(), java.util.List.of(), dir)
                .path("file"));
    }
}

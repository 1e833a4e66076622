package org.sigflow.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.testing.GraphJson;

/**
 * file_source reads FIFOs and character devices as streams (users pipe radios in); file_sink writes into a FIFO, a
 * character device and {@code -} (standard output, the summary then on standard error).
 */
class PipesAndDevicesTest {
    @TempDir
    Path tmp;

    private static void run(Path graph, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", graph.toString()));
        args.addAll(List.of(more));
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void aFifoIsReadToItsEndInWholeItems() throws Exception {
        Path fifo = tmp.resolve("radio.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        byte[] data = new byte[4 * 100_003 + 2]; // 100,003 float32 items and a partial one, never played
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        Thread writer = Thread.ofPlatform().start(() -> {
            try (OutputStream o = Files.newOutputStream(fifo)) {
                for (int off = 0; off < data.length; off += 4096) {
                    o.write(data, off, Math.min(4096, data.length - off)); // arrives in pieces, as from a radio
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        Path g = new GraphJson()
                .block("src", "file_source", Map.of("type", "f32", "format", "f32_le", "file", "'radio.fifo'"))
                .block("sink", "file_sink", Map.of("type", "f32", "format", "f32_le", "file", "'copy.f32'"))
                .chain("src", "sink").write(tmp.resolve("pipe.graph"));
        run(g);
        writer.join();
        byte[] got = Files.readAllBytes(tmp.resolve("copy.f32"));
        assertEquals(4 * 100_003, got.length);
        assertArrayEquals(java.util.Arrays.copyOf(data, got.length), got);
    }

    @Test
    void aCharacterDeviceIsAStreamSourceAndASink() throws Exception {
        Path g = new GraphJson()
                .block("src", "file_source", Map.of("type", "f32", "format", "f32_le", "file", "'/dev/zero'"))
                .block("head", "head", Map.of("type", "f32", "num_items", "5000"))
                .block("sink", "file_sink", Map.of("type", "f32", "format", "f32_le", "file", "'/dev/null'"))
                .chain("src", "head", "sink").write(tmp.resolve("dev.graph"));
        run(g, "--trust"); // /dev is outside the graph's folder
    }

    @Test
    void aFifoIsASink() throws Exception {
        Path fifo = tmp.resolve("out.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        java.util.concurrent.CompletableFuture<byte[]> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (java.io.InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Path g = new GraphJson()
                .block("src", "vector_source", Map.of("type", "f32", "vector", "range(1000)", "repeat", "False"))
                .block("sink", "file_sink", Map.of("type", "f32", "format", "f32_le", "file", "'out.fifo'"))
                .chain("src", "sink").write(tmp.resolve("fifo-sink.graph"));
        run(g, "--trust"); // the FIFO exists: writing it counts as overwriting
        byte[] got = read.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertArrayEquals(floats(1000), got);
    }

    @Test
    void dashIsStandardOutputAndTheSummaryGoesToStandardError() throws Exception {
        Path g = new GraphJson()
                .block("src", "vector_source", Map.of("type", "f32", "vector", "range(1000)", "repeat", "False"))
                .block("sink", "file_sink", Map.of("type", "f32", "format", "f32_le", "file", "'-'"))
                .chain("src", "sink").write(tmp.resolve("stdout.graph"));
        SigflowProcess.Result r = SigflowProcess.of(false, List.of("-Dsigflow.trustStore=" + tmp.resolve("trust")),
                "run", g.toString()).run(120);
        assertEquals(0, r.code(), r.stderr());
        assertArrayEquals(floats(1000), r.stdout(), "standard output holds the samples only");
        assertTrue(r.stderr().contains("completed: ") && r.stderr().contains("1,000 items to the sinks"), r.stderr());
        assertTrue(Files.notExists(tmp.resolve("-")), "no file named '-'");
    }

    /** 0, 1, … n−1 as little-endian float32 bytes. */
    private static byte[] floats(int n) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putFloat(i);
        }
        return b.array();
    }
}

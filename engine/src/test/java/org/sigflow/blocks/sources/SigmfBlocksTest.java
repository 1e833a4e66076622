package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;
import org.sigflow.sigmf.SigmfAnnotation;
import org.sigflow.sigmf.SigmfException;
import org.sigflow.sigmf.SigmfMetaReader;
import org.sigflow.sigmf.SigmfMetadata;
import org.sigflow.sigmf.SigmfTags;

/**
 * sigmf_sink → recording → sigmf_source: samples, captures and annotations survive; archives are checked with GNU
 * tar (the peer that writes and reads them elsewhere); broken recordings give clear messages.
 */
class SigmfBlocksTest {
    @TempDir
    Path dir;

    private Block sink(Path file, String datatype) throws Exception {
        return Setups.create("sigmf_sink", "file", file, "type", "cf32", "datatype", datatype, "samp_rate", 2.4e6,
                "center_freq", 100.1e6, "description", "test", "author", "");
    }

    private BlockHarness play(Path file) throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("sigmf_source", "file", file, "type", "cf32", "channel", 0,
                "repeat", false)).output(Dtype.CF32, 1).chunk(333).run();
        assertTrue(h.finishedByItself());
        return h;
    }

    private static float[] tone(int n) {
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = (float) Math.cos(0.05 * i) * 0.9f;
            x[2 * i + 1] = (float) Math.sin(0.05 * i) * 0.9f;
        }
        return x;
    }

    private void record(Path file, String datatype, float[] x) throws Exception {
        BlockHarness.of(sink(file, datatype)).input(Dtype.CF32, 1, x)
                .tag(0, new Tag(500, SigmfTags.FREQ, 100.2e6))
                .tag(0, new Tag(700, SigmfTags.ANNOTATION, SigmfAnnotation.labelled(0, 50, "burst", "seen")))
                .tag(0, new Tag(900, "snr_db", 12.5))
                .chunk(257).run();
    }

    @Test
    void samplesCapturesAndAnnotationsRoundTrip() throws Exception {
        Path base = dir.resolve("rec");
        float[] x = tone(1000);
        record(base, "ci16_le", x);
        assertEquals(4000, Files.size(dir.resolve("rec.sigmf-data")));
        SigmfMetadata m = SigmfMetaReader.read(Files.readString(dir.resolve("rec.sigmf-meta")), "rec");
        assertEquals(2.4e6, m.sampleRate());
        assertEquals("test", m.description());
        assertEquals(List.of(0L, 500L), m.captures().stream().map(c -> c.sampleStart()).toList());
        assertEquals(100.1e6, m.captures().get(0).frequency());
        assertEquals(100.2e6, m.captures().get(1).frequency());
        assertEquals(List.of(SigmfAnnotation.labelled(700, 50, "burst", "seen"),
                SigmfAnnotation.labelled(900, -1, "snr_db", "12.5")), m.annotations());

        BlockHarness h = play(dir.resolve("rec.sigmf-meta"));
        float[] y = h.floats(0);
        assertEquals(x.length, y.length);
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i], y[i], 0.5 / 32768 + 1e-7, "element " + i);
        }
        List<String> tags = h.tags(0).stream().map(t -> t.offset() + " " + t.key()).toList();
        assertEquals(List.of("0 rx_rate", "0 rx_freq", "0 rx_time", "500 rx_freq", "700 sigmf:annotation",
                "900 sigmf:annotation"), tags);
        assertEquals(100.2e6, h.tags(0).get(3).value());
    }

    @Test
    void archiveIsAPlainTarThatGnuTarReadsAndWrites() throws Exception {
        Peers.assumeInstalled("tar", "archive peer check");
        Path archive = dir.resolve("cap.sigmf");
        float[] x = tone(300);
        record(archive, "cf32_le", x);
        assertEquals(List.of("cap/cap.sigmf-meta", "cap/cap.sigmf-data"), Peers.run(dir, "tar", "-tf", "cap.sigmf"));
        assertTrue(Files.notExists(dir.resolve(".cap.partial.sigmf-data")), "the parts are removed after packing");
        assertTrue(Arrays.equals(x, play(archive).floats(0)), "cf32_le is exact through the archive");

        // An archive GNU tar made from the extracted parts reads the same.
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        Peers.run(other, "tar", "-xf", archive.toString());
        Peers.run(other, "tar", "-cf", "again.sigmf", "cap");
        assertTrue(Arrays.equals(x, play(other.resolve("again.sigmf")).floats(0)));
    }

    @Test
    void truncatedDataIsRefusedWithItsSizes() throws Exception {
        Path base = dir.resolve("t");
        record(base, "cf32_le", tone(100));
        Path data = dir.resolve("t.sigmf-data");
        byte[] bytes = Files.readAllBytes(data);
        Files.write(data, Arrays.copyOf(bytes, bytes.length - 3));
        Exception e = assertThrows(SigmfException.class, () -> play(dir.resolve("t.sigmf-meta")));
        assertTrue(e.getMessage().contains("the data is truncated: 797 bytes is not a whole number of 8-byte cf32_le"),
                e.getMessage());
        Files.delete(data);
        Exception missing = assertThrows(SigmfException.class, () -> play(dir.resolve("t.sigmf-meta")));
        assertTrue(missing.getMessage().contains("data file 't.sigmf-data' does not exist"), missing.getMessage());
    }

    @Test
    void truncatedArchiveAndBadMetadataStopBeforeRunning() throws Exception {
        Path archive = dir.resolve("a.sigmf");
        record(archive, "cf32_le", tone(1000));
        byte[] bytes = Files.readAllBytes(archive);
        Files.write(archive, Arrays.copyOf(bytes, 4000));
        Exception e = assertThrows(SigmfException.class, () -> play(archive));
        assertTrue(e.getMessage().contains("the archive is truncated"), e.getMessage());

        Files.writeString(dir.resolve("m.sigmf-meta"), "{\"global\": {\"core:datatype\": \"cf32_le\", "
                + "\"core:version\": \"1.0.0\"}, \"captures\": [], \"annotations\": [{}]}");
        Files.write(dir.resolve("m.sigmf-data"), new byte[16]);
        SigmfException bad = assertThrows(SigmfException.class, () -> play(dir.resolve("m.sigmf-meta")));
        assertEquals("1:99 $.annotations[0]: 'core:sample_start' is missing (SigMF requires it in every segment)",
                bad.problems().getFirst().toString());
    }

    @Test
    void realRecordingNeedsARealStreamAndChannelsAreSelected() throws Exception {
        // two interleaved ri16_le channels: channel 1 is −channel 0
        ByteBuffer b = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 10; i++) {
            b.putShort((short) (i * 1000)).putShort((short) (-i * 1000));
        }
        Files.write(dir.resolve("r.sigmf-data"), b.array());
        Files.writeString(dir.resolve("r.sigmf-meta"), "{\"global\": {\"core:datatype\": \"ri16_le\", "
                + "\"core:version\": \"1.0.0\", \"core:num_channels\": 2, \"core:sample_rate\": 8000}, "
                + "\"captures\": [{\"core:sample_start\": 0}], \"annotations\": []}");
        Exception wrongType = assertThrows(IllegalArgumentException.class, () -> BlockHarness.of(Setups.create(
                "sigmf_source", "file", dir.resolve("r.sigmf-meta"), "type", "cf32", "channel", 0, "repeat", false))
                .output(Dtype.CF32, 1).run());
        assertTrue(wrongType.getMessage().contains("ri16_le (real) samples; set Output Type to f32"));
        BlockHarness h = BlockHarness.of(Setups.create("sigmf_source", "file", dir.resolve("r"), "type", "f32",
                "channel", 1, "repeat", false)).output(Dtype.F32, 1).chunk(3).run();
        float[] y = h.floats(0);
        assertEquals(10, y.length);
        for (int i = 0; i < 10; i++) {
            assertEquals(-i * 1000 / 32768f, y[i], 1e-7);
        }
        Exception noChannel = assertThrows(IllegalArgumentException.class, () -> BlockHarness.of(Setups.create(
                "sigmf_source", "file", dir.resolve("r"), "type", "f32", "channel", 2, "repeat", false))
                .output(Dtype.F32, 1).run());
        assertTrue(noChannel.getMessage().contains("the recording has 2 channel(s), 0 to 1"));
    }
}

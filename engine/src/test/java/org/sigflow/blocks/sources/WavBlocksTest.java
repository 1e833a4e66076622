package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;

/**
 * wav_source and wav_sink against the programs people make and play WAV files with: sox (which decodes PCM16 as
 * x / 32768 exactly, the same mapping) and GNU Radio 3.10's wavfile source and sink.
 */
class WavBlocksTest {
    @TempDir
    Path dir;

    private BlockHarness read(Path file, String type, int channels) throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("wav_source", "file", file, "type", type, "channels", channels,
                "swap_iq", false, "repeat", false));
        int outputs = type.equals("cf32") ? 1 : channels;
        for (int i = 0; i < outputs; i++) {
            h.output(type.equals("cf32") ? Dtype.CF32 : Dtype.F32, 1);
        }
        return h.chunk(1000).run();
    }

    private void write(Path file, String type, String format, double centre, float[]... channels) throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("wav_sink", "file", file, "type", type, "channels",
                channels.length, "samp_rate", 48000.0, "format", format, "center_freq", centre));
        for (float[] c : channels) {
            h.input(type.equals("cf32") ? Dtype.CF32 : Dtype.F32, 1, c);
        }
        h.chunk(777).run();
    }

    private static float[] tone(int n, double w, double a) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (a * Math.sin(w * i));
        }
        return x;
    }

    @Test
    void readsStereoPcm16AsSoxDecodesIt() throws Exception {
        Peers.assumeInstalled("sox", "WAV peer check against sox");
        Peers.run(dir, "sox", "-n", "-r", "44100", "-c", "2", "-b", "16", "-e", "signed-integer", "s.wav",
                "synth", "0.1", "sine", "1000", "sine", "1500", "gain", "-3");
        Peers.run(dir, "sox", "s.wav", "-t", "f32", "-e", "floating-point", "s.f32");
        float[] ref = Peers.readF32(dir.resolve("s.f32"));
        BlockHarness h = read(dir.resolve("s.wav"), "f32", 2);
        float[] l = h.floats(0);
        float[] r = h.floats(1);
        assertEquals(4410, l.length);
        for (int k = 0; k < l.length; k++) {
            assertEquals(ref[2 * k], l[k], 0f, "left " + k);
            assertEquals(ref[2 * k + 1], r[k], 0f, "right " + k);
        }
        assertEquals(new Tag(0, "rx_rate", 44100.0), h.tags(0).getFirst());
    }

    @Test
    void soxReadsWhatTheSinkWrites() throws Exception {
        Peers.assumeInstalled("sox", "WAV peer check against sox");
        float[] a = tone(3000, 0.01, 0.9);
        float[] b = tone(3000, 0.02, 0.5);
        float[] c = tone(3000, 0.03, -0.7);
        write(dir.resolve("f.wav"), "f32", "float32", 0, a, b, c);
        assertEquals(List.of("3", "48000", "Floating Point PCM", "32"), List.of(
                Peers.run(dir, "sox", "--i", "-c", "f.wav").getFirst(), Peers.run(dir, "sox", "--i", "-r", "f.wav").getFirst(),
                Peers.run(dir, "sox", "--i", "-e", "f.wav").getFirst(), Peers.run(dir, "sox", "--i", "-b", "f.wav").getFirst()));
        Peers.run(dir, "sox", "f.wav", "-t", "f32", "f.f32");
        float[] y = Peers.readF32(dir.resolve("f.f32"));
        for (int k = 0; k < 3000; k++) {
            // sox holds samples as 32-bit integers inside and its f32 writer keeps 24 bits: within 2^-23
            assertEquals(a[k], y[3 * k], 0x1p-23);
            assertEquals(b[k], y[3 * k + 1], 0x1p-23);
            assertEquals(c[k], y[3 * k + 2], 0x1p-23);
        }
        write(dir.resolve("p.wav"), "f32", "pcm16", 0, a);
        assertEquals("Signed Integer PCM", Peers.run(dir, "sox", "--i", "-e", "p.wav").getFirst());
        assertEquals("16", Peers.run(dir, "sox", "--i", "-b", "p.wav").getFirst());
        Peers.run(dir, "sox", "p.wav", "-t", "f32", "p.f32");
        float[] p = Peers.readF32(dir.resolve("p.f32"));
        assertEquals(3000, p.length);
        for (int k = 0; k < 3000; k++) {
            assertEquals(a[k], p[k], 0.5 / 32768 + 1e-7);
        }
    }

    @Test
    void iqWavWithAuxiCentreFrequencyRoundTripsAndGnuRadioReadsIt() throws Exception {
        float[] iq = new float[2 * 2000];
        for (int k = 0; k < 2000; k++) {
            iq[2 * k] = (float) Math.cos(0.1 * k) * 0.8f;
            iq[2 * k + 1] = (float) Math.sin(0.1 * k) * 0.8f;
        }
        Path file = dir.resolve("iq.wav");
        write(file, "cf32", "pcm16", 100.3e6, iq);
        BlockHarness h = read(file, "cf32", 2);
        float[] y = h.floats(0);
        assertEquals(iq.length, y.length);
        for (int i = 0; i < iq.length; i++) {
            assertEquals(iq[i], y[i], 0.5 / 32768 + 1e-7);
        }
        assertEquals(List.of(new Tag(0, "rx_rate", 48000.0), new Tag(0, "rx_freq", 100.3e6)), h.tags(0));

        Peers.assumeGnuRadio();
        Path out = dir.resolve("gr.f32");
        Peers.run(dir, "/usr/bin/python3", "-c", """
                from gnuradio import gr, blocks
                tb = gr.top_block()
                src = blocks.wavfile_source('iq.wav', False)
                f2c = blocks.float_to_complex()
                snk = blocks.file_sink(gr.sizeof_gr_complex, 'gr.f32')
                tb.connect((src, 0), (f2c, 0)); tb.connect((src, 1), (f2c, 1)); tb.connect(f2c, snk)
                tb.run()
                """);
        assertTrue(Arrays.equals(y, Peers.readF32(out)), "GNU Radio's wavfile_source reads the same samples");
    }

    @Test
    void readsWhatGnuRadiosWavfileSinkWrites() throws Exception {
        Peers.assumeGnuRadio();
        Peers.run(dir, "/usr/bin/python3", "-c", """
                from gnuradio import gr, blocks
                import math
                tb = gr.top_block()
                a = blocks.vector_source_f([0.5 * math.sin(0.01 * k) for k in range(5000)])
                b = blocks.vector_source_f([0.25 * math.cos(0.03 * k) for k in range(5000)])
                snk = blocks.wavfile_sink('gr.wav', 2, 32000, blocks.FORMAT_WAV, blocks.FORMAT_PCM_16, False)
                tb.connect(a, (snk, 0)); tb.connect(b, (snk, 1))
                tb.run()
                """);
        BlockHarness h = read(dir.resolve("gr.wav"), "f32", 2);
        float[] l = h.floats(0);
        float[] r = h.floats(1);
        assertEquals(5000, l.length);
        for (int k = 0; k < 5000; k++) {
            assertEquals(0.5 * Math.sin(0.01 * k), l[k], 1.0 / 32768 + 1e-7, "left " + k);
            assertEquals(0.25 * Math.cos(0.03 * k), r[k], 1.0 / 32768 + 1e-7, "right " + k);
        }
        assertEquals(new Tag(0, "rx_rate", 32000.0), h.tags(0).getFirst());
    }

    @Test
    void brokenFilesGiveClearMessages() throws Exception {
        Path file = dir.resolve("t.wav");
        write(file, "f32", "pcm16", 0, tone(1000, 0.1, 0.5));
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, 1500));
        Exception t = assertThrows(Exception.class, () -> read(file, "f32", 1));
        assertEquals(file + " is truncated: its data chunk announces 2000 bytes, the file holds 1456", t.getMessage());

        Files.write(file, Arrays.copyOf(bytes, 30));
        Exception h = assertThrows(Exception.class, () -> read(file, "f32", 1));
        assertTrue(h.getMessage().contains("is truncated"), h.getMessage());

        Files.writeString(file, "not a wave file at all, just text");
        Exception n = assertThrows(Exception.class, () -> read(file, "f32", 1));
        assertTrue(n.getMessage().contains("is not a WAV file"), n.getMessage());

        write(file, "f32", "pcm16", 0, tone(10, 0.1, 0.5));
        Exception c = assertThrows(IllegalArgumentException.class, () -> read(file, "cf32", 2));
        assertTrue(c.getMessage().contains("has 1 channel(s); an I/Q WAV has 2 (I left, Q right)"), c.getMessage());
        Exception c2 = assertThrows(IllegalArgumentException.class, () -> read(file, "f32", 3));
        assertTrue(c2.getMessage().contains("set Channels to 1"), c2.getMessage());
    }

    @Test
    void encodeFillsTheWholeBufferWhateverItsLimit() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(12);
        b.limit(3);
        org.sigflow.wav.WavEncoding.PCM24.encode(new float[] {0.5f, -0.5f, 0.25f, -0.25f}, 0, 4, b);
        assertEquals((byte) 0xe0, b.clear().get(11), "-0.25 × 2^23 = 0xE00000, top byte last");
    }
}

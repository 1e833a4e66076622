package org.sigflow.audio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.common.Pace;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * audio_sink and audio_source against a sound device stand-in that, like many real cards, takes only some rates;
 * and the real Java Sound backend as it is on this machine.
 */
class AudioBlocksTest {
    /** A device taking {@code rates}; playback is collected, capture plays back {@code captured}. */
    static final class FakeDevice implements AudioBackend {
        final List<Integer> rates;
        final ByteArrayOutputStream played = new ByteArrayOutputStream();
        byte[] captured = new byte[0];
        int openedRate;
        boolean present = true;
        /** A clock that only moves when slept on: the pace a sink without a device keeps, without waiting. */
        final FakeClock clock = new FakeClock();

        FakeDevice(Integer... rates) {
            this.rates = List.of(rates);
        }

        private Line open(int rate, boolean output) throws NoDeviceException, RateNotSupportedException {
            if (!present) {
                throw new NoDeviceException("no audio " + (output ? "output" : "input") + " device on this machine");
            }
            if (!rates.contains(rate)) {
                throw new RateNotSupportedException("Fake Card", rates);
            }
            openedRate = rate;
            return new Line() {
                int read;

                public int transfer(byte[] b, int off, int n) {
                    if (output) {
                        played.write(b, off, n);
                        return n;
                    }
                    int m = Math.min(n, captured.length - read);
                    System.arraycopy(captured, read, b, off, m);
                    read += m;
                    return m == 0 ? -1 : m;
                }

                public String deviceName() {
                    return "Fake Card";
                }

                public void close() { }
            };
        }

        public Line openOutput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException {
            return open(rate, true);
        }

        public Line openInput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException {
            return open(rate, false);
        }

        @Override
        public Pace.Clock discardClock() {
            return clock;
        }

        float[] playedFloats() {
            byte[] b = played.toByteArray();
            float[] y = new float[b.length / 2];
            Pcm16.decode(b, y.length, y, 0);
            return y;
        }
    }

    static final class FakeClock implements Pace.Clock {
        long now = 5_000_000_000L;
        int sleeps;

        public long nanoTime() {
            return now;
        }

        public void sleepNanos(long nanos) {
            now += nanos;
            sleeps++;
        }
    }

    @AfterEach
    void javaSoundAgain() {
        AudioBackend.use(null);
    }

    private static Block sink(double rate, int channels, String mismatch, String noDevice) throws Exception {
        return Setups.create("audio_sink", "samp_rate", rate, "channels", channels, "device", "", "rate_mismatch",
                mismatch, "no_device", noDevice);
    }

    private static float[] tone(int n, double f, double fs, double a) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (a * Math.sin(2 * Math.PI * f * i / fs));
        }
        return x;
    }

    @Test
    void playsAtTheGraphRateWhenTheDeviceTakesItStereoInterleaved() throws Exception {
        FakeDevice card = new FakeDevice(44100, 48000);
        AudioBackend.use(card);
        float[] left = {0.5f, -0.25f, 1.5f, 0f};
        float[] right = {-1f, 0.125f, 0f, -0.5f};
        BlockHarness.of(sink(44100, 2, "refuse", "fail")).input(Dtype.F32, 1, left).input(Dtype.F32, 1, right).run();
        assertEquals(44100, card.openedRate);
        // interleaved L R, 16-bit, clipped at 32767/32768
        assertEquals(List.of(0.5f, -1f, -0.25f, 0.125f, 32767f / 32768, 0f, 0f, -0.5f),
                asList(card.playedFloats()));
    }

    @Test
    void resamplesToARateTheDeviceTakes() throws Exception {
        FakeDevice card = new FakeDevice(48000);
        AudioBackend.use(card);
        Block b = sink(32000, 1, "resample", "fail");
        BlockHarness.of(b).input(Dtype.F32, 1, tone(32000, 1000, 32000, 0.5)).chunk(1500).run();
        assertEquals(48000, card.openedRate);
        assertEquals(48000.0, b.extraMetrics().get("device_rate"));
        float[] y = card.playedFloats();
        assertEquals(48000, y.length, "3 outputs per 2 inputs");
        // after the filter's start-up: the tone is still 1 kHz, amplitude 0.5
        double power = 0;
        int crossings = 0;
        for (int i = 4800; i < 43200; i++) {
            power += y[i] * y[i];
            if (y[i - 1] < 0 && y[i] >= 0) {
                crossings++;
            }
        }
        assertEquals(0.5, Math.sqrt(2 * power / 38400), 0.005);
        assertEquals(800, crossings, 1, "1 kHz over 0.8 s at 48 kHz");
    }

    @Test
    void refusesAMismatchWhenAskedTo() throws Exception {
        AudioBackend.use(new FakeDevice(44100, 48000));
        Exception e = assertThrows(Exception.class, () -> BlockHarness.of(sink(64000, 1, "refuse", "fail"))
                .input(Dtype.F32, 1, new float[10]).run());
        assertEquals("audio_sink 'audio_sink_0': the audio device 'Fake Card' does not play 64000 Hz (it plays "
                + "[44100, 48000] Hz); resample to its rate in the graph, or set Rate Mismatch to 'resample'",
                e.getMessage());
    }

    @Test
    void withoutADeviceItStopsWhenTheUserChoseSo() throws Exception {
        FakeDevice none = new FakeDevice(48000);
        none.present = false;
        AudioBackend.use(none);
        Exception e = assertThrows(Exception.class, () -> BlockHarness.of(sink(48000, 1, "resample", "fail"))
                .input(Dtype.F32, 1, new float[10]).run());
        assertEquals("audio_sink 'audio_sink_0': no audio output device on this machine; set Without Device to "
                + "'discard the audio' to run the graph anyway", e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /**
     * The default without a device: every sample is taken, at the sample rate's pace (item k not before k / rate, as a
     * card would take it: 1.5 s of stereo 32 kHz audio takes 1.5 s on the sink's clock, in slices of at most 10 ms),
     * and one line says so.
     */
    @Test
    void withoutADeviceItDiscardsAtTheSampleRate() throws Exception {
        FakeDevice none = new FakeDevice(32000);
        none.present = false;
        AudioBackend.use(none);
        Block b = Setups.create("audio_sink", "samp_rate", 32000.0, "channels", 2, "device", "", "rate_mismatch",
                "resample", "no_device", "null_sink");
        long t0 = none.clock.now;
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
        BlockHarness h;
        try {
            System.setErr(new java.io.PrintStream(said, true, java.nio.charset.StandardCharsets.UTF_8));
            h = BlockHarness.of(b).input(Dtype.F32, 1, new float[48_000]).input(Dtype.F32, 1, new float[48_000])
                    .chunk(700).run();
        } finally {
            System.setErr(err);
        }
        assertTrue(h.finishedByItself(), "every sample taken, and the sink ends with its input");
        assertEquals(1_500_000_000L, none.clock.now - t0, "48 000 frames at 32 kHz");
        assertTrue(none.clock.sleeps >= 150, "slept in slices of at most 10 ms: " + none.clock.sleeps);
        assertEquals(List.of("audio_sink 'audio_sink_0': no audio output device: audio discarded (taken at 32000 "
                + "samples/s, as a sound card would)"), said.toString(java.nio.charset.StandardCharsets.UTF_8)
                .lines().toList());
        assertEquals(1.0, b.extraMetrics().get("null_sink"));
        assertEquals(0, none.played.size());
    }

    /** A stop request ends the discarding wait at once, taking only the samples already due. */
    @Test
    void withoutADeviceAStopIsNotKeptWaiting() throws Exception {
        FakeDevice none = new FakeDevice(48000);
        none.present = false;
        AudioBackend.use(none);
        long t0 = none.clock.now;
        BlockHarness.of(sink(48000, 1, "resample", "null_sink")).input(Dtype.F32, 1, new float[48_000])
                .stopRequested(() -> true).maxCalls(20).run();
        assertEquals(t0, none.clock.now, "no sleep once a stop is requested");
    }

    /** What reaches the card: float32 to 16-bit PCM, halves up, clipped, NaN silent (tools/reference/gen_audio_pcm16.py). */
    @Test
    void pcmMatchesNumpy() throws Exception {
        com.fasterxml.jackson.databind.JsonNode ref;
        try (java.io.InputStream in = getClass().getResourceAsStream("/reference/audio_pcm16.json")) {
            ref = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
        }
        int n = ref.get("x").size();
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            var v = ref.get("x").get(i);
            x[i] = v.isNull() ? Float.NaN : v.isTextual() ? (v.asText().startsWith("-") ? Float.NEGATIVE_INFINITY
                    : Float.POSITIVE_INFINITY) : (float) v.asDouble();
        }
        FakeDevice card = new FakeDevice(48000);
        AudioBackend.use(card);
        BlockHarness.of(sink(48000, 1, "refuse", "fail")).input(Dtype.F32, 1, x).chunk(333).run();
        byte[] b = card.played.toByteArray();
        assertEquals(2 * n, b.length);
        int clipped = 0;
        for (int i = 0; i < n; i++) {
            int code = (short) ((b[2 * i] & 0xff) | (b[2 * i + 1] << 8));
            assertEquals(ref.get("pcm").get(i).asInt(), code, "sample " + i + " (" + x[i] + ")");
            clipped += Math.abs(code) >= 32767 && Math.abs(x[i]) > 1 ? 1 : 0;
        }
        assertTrue(clipped > 500, "the reference clips: " + clipped);
    }

    @Test
    void sourceCapturesWhatTheDeviceDelivers() throws Exception {
        FakeDevice mic = new FakeDevice(16000);
        mic.captured = new byte[] {0, 0x40, 0, (byte) 0xc0, 1, 0, (byte) 0xff, 0x7f};
        AudioBackend.use(mic);
        Block src = Setups.create("audio_source", "samp_rate", 16000.0, "channels", 2, "device", "");
        Exception end = assertThrows(Exception.class, () -> BlockHarness.of(src).output(Dtype.F32, 1)
                .output(Dtype.F32, 1).maxCalls(5).run());
        assertTrue(end.getMessage().endsWith("the audio device 'Fake Card' stopped delivering samples"));
        Exception rate = assertThrows(Exception.class, () -> BlockHarness.of(Setups.create("audio_source",
                "samp_rate", 8000.0, "channels", 1, "device", "")).output(Dtype.F32, 1).run());
        assertEquals("audio_source 'audio_source_0': the audio device 'Fake Card' does not record at 8000 Hz (it "
                + "does at [16000] Hz)", rate.getMessage());
    }

    @Test
    void sourceSplitsChannels() throws Exception {
        FakeDevice mic = new FakeDevice(16000);
        mic.captured = new byte[] {0, 0x40, 0, (byte) 0xc0, 1, 0, (byte) 0xff, 0x7f};
        AudioBackend.use(mic);
        Block src = Setups.create("audio_source", "samp_rate", 16000.0, "channels", 2, "device", "");
        BlockHarness h = BlockHarness.of(src).output(Dtype.F32, 1).output(Dtype.F32, 1).maxCalls(1).run();
        assertEquals(List.of(0.5f, 1f / 32768), asList(h.floats(0)));
        assertEquals(List.of(-0.5f, 32767f / 32768), asList(h.floats(1)));
    }

    @Test
    void realJavaSoundPlaysOrSaysThereIsNoDevice() throws Exception {
        try (AudioBackend.Line line = new JavaSoundBackend().openOutput("", 48000, 1)) {
            System.out.println("AudioBlocksTest: playing 0.1 s on the real mixer '" + line.deviceName() + "'");
            byte[] pcm = new byte[2 * 4800];
            Pcm16.encode(tone(4800, 440, 48000, 0.1), 4800, pcm);
            assertEquals(pcm.length, line.transfer(pcm, 0, pcm.length), "0.1 s played on " + line.deviceName());
        } catch (AudioBackend.NoDeviceException e) {
            assertEquals("no audio output device on this machine", e.getMessage());
            String why = "skipped: no audio output device on this machine, so no real mixer was played (the "
                    + "stand-in's tests cover the block)";
            System.out.println("AudioBlocksTest: " + why);
            org.junit.jupiter.api.Assumptions.abort(why);
        } catch (AudioBackend.RateNotSupportedException e) {
            assertTrue(!e.rates().contains(48000), "a device refusing 48 kHz names the rates it takes: " + e.rates());
        }
    }

    private static List<Float> asList(float[] x) {
        java.util.ArrayList<Float> l = new java.util.ArrayList<>();
        for (float v : x) {
            l.add(v);
        }
        return l;
    }
}

package org.sigflow.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;
import org.sigflow.wav.WavHeader;

/** Every sample graph opens, is stored in canonical form, validates, runs headless, and computes what it says. */
class SampleGraphsTest {
    private static final Path SAMPLES = Path.of("").toAbsolutePath(); // surefire runs in the module folder
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void loadEngine() throws Exception {
        engine = Engine.loadDefault();
    }

    static Stream<Path> allGraphs() throws IOException {
        try (Stream<Path> s = Files.walk(SAMPLES)) {
            List<Path> list = s.filter(p -> p.toString().endsWith(".graph") && !p.toString().contains("/target/"))
                    .sorted().toList();
            assertTrue(list.size() >= 9, "sample graphs found: " + list);
            return list.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("allGraphs")
    void isCanonicalAndValid(Path file) throws Exception {
        String text = Files.readString(file);
        String rewritten = new GraphWriter().write(new GraphReader().read(file).graph());
        assertEquals(text, rewritten, file + " is not in the canonical layout (load -> save must be byte-identical)");
        OpenedGraph g = engine.open(file, Map.of());
        assertTrue(g.warnings().isEmpty(), "warnings: " + g.warnings());
    }

    @ParameterizedTest
    @MethodSource("allGraphs")
    void runsHeadlessWithoutFailure(Path file) throws Exception {
        OpenedGraph g = engine.open(file, outputOverride(file));
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            RunOutcome o = run.await(Duration.ofMillis(file.toString().contains("/bench/")
                    || file.getFileName().toString().startsWith("throttled") ? 300 : 30_000)).orElse(null);
            if (o == null) { // endless graphs (bench chains, throttled) run until stopped
                run.stop();
                o = run.await();
                assertEquals(RunOutcome.Kind.STOPPED, o.kind());
            } else {
                assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(run.metrics()));
            }
            assertTrue(o.ok(), String.valueOf(o.failure()));
            assertTrue(run.metrics().stream().mapToLong(BlockMetrics::itemsOut).sum() > 0);
        }
    }

    /** Every output file variable ({@code out_file}, {@code out_file_b}, ...) redirected into the temp folder. */
    private Map<String, String> outputOverride(Path file) throws Exception {
        Map<String, String> set = new java.util.HashMap<>();
        for (String v : new GraphReader().read(file).graph().variables().keySet()) {
            if (v.startsWith("out_file")) {
                set.put(v, "'" + tmp.resolve(v + ".f32") + "'");
            }
        }
        return set;
    }

    private float[] run(String name) throws Exception {
        Path file = SAMPLES.resolve(name);
        OpenedGraph g = engine.open(file, outputOverride(file));
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
        }
        return output("out_file");
    }

    /** The float32 file written for output variable {@code variable} by the last {@link #run}. */
    private float[] output(String variable) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(tmp.resolve(variable + ".f32"))).order(ByteOrder.LITTLE_ENDIAN);
        float[] y = new float[b.remaining() / 4];
        b.asFloatBuffer().get(y);
        return y;
    }

    @Test
    void channelizerSeparatesTheTwoStations() throws Exception {
        float[] a = run("fm-channelizer.graph");
        float[] b = output("out_file_b");
        // 0.5 s at 200 kS/s -> 4 channels at 50 kS/s -> resampled 24/25 to 48 kS/s
        assertEquals(24_000, a.length);
        assertEquals(24_000, b.length);
        double fs = 48e3;
        // the demodulator gain matches the 5 kHz deviation: each station's tone comes back with amplitude 1,
        // and the other station's tone is at least 60 dB down (adjacent-channel rejection of the channelizer)
        assertEquals(1.0, goertzelAmplitude(a, 2000, 1e3, fs), 0.01, "channel 1: its 1 kHz tone");
        assertEquals(1.0, goertzelAmplitude(b, 2000, 2.5e3, fs), 0.01, "channel 3: its 2.5 kHz tone");
        assertTrue(goertzelAmplitude(a, 2000, 2.5e3, fs) < 1e-3, "channel 1 hears channel 3");
        assertTrue(goertzelAmplitude(b, 2000, 1e3, fs) < 1e-3, "channel 3 hears channel 1");
    }

    @Test
    void fmLoopbackReturnsTheToneSampleForSample() throws Exception {
        float[] y = run("fm-loopback.graph");
        assertEquals(96_000, y.length);
        // quadrature demod of an FM signal with gain = 1/sensitivity gives the modulating tone back exactly:
        // y[n] = arg(exp(j*k*m[n])) / k = m[n] (the first sample sees zero history and is 0)
        double worst = 0;
        for (int n = 1; n < y.length; n++) {
            worst = Math.max(worst, Math.abs(y[n] - Math.sin(2 * Math.PI * 1e3 * n / 48e3)));
        }
        assertTrue(worst < 2e-4, "max deviation from the tone " + worst);
        assertEquals(0f, y[0], 0f);
    }

    @Test
    void rtlSdrRecordingDemodulatesToTheOneKilohertzTone() throws Exception {
        float[] y = run("rtl-sdr-fm-recording.graph");
        assertEquals((1 << 17) / 4, y.length); // 2^17 samples decimated by 4
        double fs = 64e3;
        double tone = goertzelAmplitude(y, 500, 1e3, fs);
        double elsewhere = Math.max(goertzelAmplitude(y, 500, 3e3, fs), goertzelAmplitude(y, 500, 7.5e3, fs));
        assertEquals(1.0, tone, 0.05, "tone amplitude (deviation 25 kHz, gain set for 25 kHz)");
        assertTrue(elsewhere < 0.02, "energy away from 1 kHz: " + elsewhere);
    }

    @Test
    void fmReceiverWritesTheToneAsA48KilohertzWav() throws Exception {
        Path file = SAMPLES.resolve("fm-receiver-audio.graph");
        try (RunningGraph run = engine.start(engine.open(file, outputOverride(file)), RunOptions.DEFAULT)) {
            RunOutcome o = run.await();
            assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), String.valueOf(o.failure()));
        }
        Path wav = tmp.resolve("out_file.f32"); // the override's name; the content is a WAV
        WavHeader h = WavHeader.read(wav);
        assertEquals(48000, h.sampleRate());
        assertEquals(1, h.channels());
        assertEquals((1 << 17) / 4 * 3 / 4, h.frames(), "2^17 samples, decimated by 4, resampled 3/4");
        ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(wav), (int) h.dataOffset(), (int) h.dataBytes());
        float[] y = new float[(int) h.frames()];
        h.encoding().decode(data.slice(), y, 0, y.length);
        assertEquals(0.5, goertzelAmplitude(y, 1000, 1e3, 48e3), 0.03, "the 1 kHz tone at volume 0.5");
    }

    @Test
    void toneSpectrumPeaksAtThreeKilohertz() throws Exception {
        float[] p = run("tone-fir-fft.graph");
        assertEquals(64 * 1024, p.length);
        double[] mean = new double[1024];
        for (int f = 0; f < 64; f++) {
            for (int k = 0; k < 1024; k++) {
                mean[k] += p[f * 1024 + k] / 64.0;
            }
        }
        int peak = 0;
        for (int k = 1; k < 1024; k++) {
            peak = mean[k] > mean[peak] ? k : peak;
        }
        assertEquals(512 + 96, peak, "3 kHz of 32 kS/s in a shifted 1024-point FFT is bin 608");
        // the low-pass (5 kHz) leaves the out-of-band noise far below the in-band noise
        double inBand = avg(mean, 512 - 100, 512 + 80);
        double outBand = avg(mean, 512 + 300, 1000);
        assertTrue(10 * Math.log10(inBand / outBand) > 30, "stop-band rejection " + 10 * Math.log10(inBand / outBand));
    }

    private static double avg(double[] a, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += a[i];
        }
        return s / (to - from);
    }

    /** Amplitude of the sinusoid at {@code freq} in {@code x[skip..]} (single-bin DFT). */
    private static double goertzelAmplitude(float[] x, int skip, double freq, double fs) {
        double re = 0;
        double im = 0;
        int n = x.length - skip;
        for (int i = 0; i < n; i++) {
            double ph = 2 * Math.PI * freq * i / fs;
            re += x[skip + i] * Math.cos(ph);
            im -= x[skip + i] * Math.sin(ph);
        }
        return 2 * Math.hypot(re, im) / n;
    }
}

package org.sigflow.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import org.sigflow.coding.NbLdpcChannel;
import org.sigflow.coding.NbLdpcCode;
import org.sigflow.dsp.CarrierBand;
import org.sigflow.dsp.FmDeemphasis;
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
        return run(name, Map.of());
    }

    /** Runs sample {@code name} with variables overridden ({@code set}) and returns its {@code out_file}. */
    private float[] run(String name, Map<String, String> set) throws Exception {
        Path file = SAMPLES.resolve(name);
        Map<String, String> vars = new java.util.HashMap<>(outputOverride(file));
        vars.putAll(set);
        OpenedGraph g = engine.open(file, vars);
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

    /**
     * The GF(16) FFT-BP decoder (Walsh-Hadamard check nodes) corrects the channel: at 3 dB the decoded symbol error
     * rate is far below the channel's own (argmax of each symbol's prior, ~28 % at Es/N0 0 dB per bit), frames
     * fail less often at 3 dB than at 1 dB, and the variant with its check nodes in CUDA blocks decides the same.
     */
    @Test
    void nonBinaryLdpcDecoderCorrectsTheChannel() throws Exception {
        float[] at3 = run("research/nb-ldpc-gf16.graph", Map.of("ebn0_db", "3", "frames", "200"));
        float[] at1 = run("research/nb-ldpc-gf16.graph", Map.of("ebn0_db", "1", "frames", "200"));
        assertEquals(200, at3.length);
        NbLdpcChannel channel = new NbLdpcChannel(new NbLdpcCode(16, 48, 1), 3, 1);
        double raw = 0;
        double decoded = 0;
        for (int f = 0; f < 200; f++) {
            NbLdpcChannel.Frame fr = channel.frame(f);
            for (int v = 0; v < 48; v++) {
                int best = 0;
                for (int a = 1; a < 16; a++) {
                    best = fr.priors()[v * 16 + a] > fr.priors()[v * 16 + best] ? a : best;
                }
                raw += best != fr.codeword()[v] ? 1 : 0;
            }
            decoded += at3[f];
        }
        assertTrue(raw / (200 * 48) > 0.2, "channel symbol error rate " + raw / (200 * 48));
        assertTrue(decoded < raw / 50, "decoded symbol errors " + decoded + " vs " + raw + " before decoding");
        assertTrue(frameErrors(at3) <= 10, "frame errors at 3 dB: " + frameErrors(at3) + " of 200");
        assertTrue(frameErrors(at1) > 2 * frameErrors(at3), "frame errors at 1 dB " + frameErrors(at1));
        // check nodes between memory nodes (on the GPU where there is one): the same floats, the same decisions
        assertArrayEquals(at3, run("research/nb-ldpc-gf16-cuda.graph", Map.of("ebn0_db", "3", "frames", "200")));
    }

    /**
     * The WirelessHD-like OFDM stream demaps through the batched 512-point FFT: per-carrier SNR s gives an EVM of
     * s + 10 log10(1 + 1/16) dB (16 pilots estimate the gain) and, at 16 dB, Gray 16-QAM's bit error rate
     * (1/4)(3Q(d) + 2Q(3d) - Q(5d)), d = sqrt(Es/5N0), = 2.31e-3 at that effective SNR.
     */
    @Test
    void wirelessHdOfdmDemapsWithTheExpectedEvmAndBitErrors() throws Exception {
        float[] clean = run("research/wirelesshd-ofdm.graph", Map.of("snr_db", "30", "symbols", "300"));
        assertEquals(600, clean.length, "bit errors and squared error per OFDM symbol");
        assertEquals(0, bits(clean), "no bit errors at 30 dB");
        assertEquals(-30 + 10 * Math.log10(1 + 1 / 16.0), evmDb(clean), 0.3);
        float[] noisy = run("research/wirelesshd-ofdm.graph", Map.of("snr_db", "16", "symbols", "500"));
        assertEquals(-16 + 10 * Math.log10(1 + 1 / 16.0), evmDb(noisy), 0.3);
        double ber = bits(noisy) / (500.0 * 336 * 4);
        assertTrue(ber > 0.8 * 2.31e-3 && ber < 1.2 * 2.31e-3, "bit error rate " + ber);
    }

    /**
     * The same stream as the radio's cs8 integers on both memory nodes (quantised by x128 going in and coming out):
     * no bit errors at 30 dB and the EVM of the numpy float64 simulation of those two quantisations,
     * tools/research/ofdm_wire_evm.py's cs8 row (-28.9 dB at 30 dB, 0.9 dB above the unquantised -29.74).
     */
    @Test
    void wirelessHdOfdmOverTheCs8HostStreamCostsTheSimulatedEvm() throws Exception {
        float[] s = run("research/wirelesshd-ofdm-cs8.graph", Map.of("snr_db", "30", "symbols", "300"));
        assertEquals(600, s.length, "bit errors and squared error per OFDM symbol");
        assertEquals(0, bits(s), "no bit errors at 30 dB");
        assertEquals(-28.9, evmDb(s), 0.2);
    }

    /**
     * The 802.11a receiver at 30 dB gives every frame's 10 x 48 data carriers, all on the QPSK points: decision-directed
     * EVM within 1.5 dB of what the noise alone predicts for the LTF estimate (-28.1 dB, WifiReceiverTest).
     */
    @Test
    void wifiReceiverEqualisesEveryFrameToQpsk() throws Exception {
        float[] z = run("research/wifi-receiver.graph", Map.of("snr_db", "30", "frames", "50"));
        assertEquals(2 * 50 * 10 * 48, z.length, "48 carriers x 10 symbols x 50 frames");
        double q = Math.sqrt(0.5);
        double err = 0;
        for (int i = 0; i < z.length; i++) {
            double d = z[i] - Math.copySign(q, z[i]);
            err += d * d;
        }
        assertEquals(-28.1, 10 * Math.log10(err / (z.length / 2.0)), 1.5, "EVM (dB)");
    }

    /**
     * The FM broadcast receiver gives back both tones scaled only by the 75 us de-emphasis (nothing pre-emphasised
     * them): 0.5 |H(f)| at 1 kHz and 6 kHz, H GNU Radio's de-emphasis at 240 kS/s (0.452 and 0.166).
     */
    @Test
    void fmBroadcastReceiverDeEmphasisesTheTones() throws Exception {
        float[] y = run("research/fm-broadcast-receiver.graph");
        assertEquals(24_000, y.length, "0.5 s of 48 kHz audio");
        double[][] ba = FmDeemphasis.taps(240e3, 75e-6);
        for (double f : new double[] {1e3, 6e3}) {
            double w = 2 * Math.PI * f / 240e3;
            double h = Math.hypot(ba[0][0] + ba[0][1] * Math.cos(w), ba[0][1] * Math.sin(w))
                    / Math.hypot(1 + ba[1][1] * Math.cos(w), ba[1][1] * Math.sin(w));
            assertEquals(0.5 * h, goertzelAmplitude(y, 2000, f, 48e3), 0.005 * h, "tone at " + f + " Hz");
        }
        assertTrue(goertzelAmplitude(y, 2000, 3e3, 48e3) < 1e-3, "nothing between the tones");
    }

    /** The AM envelope receiver gives back the 1 kHz tone at the modulation depth (0.5), without its harmonic. */
    @Test
    void amReceiverRecoversTheModulatingTone() throws Exception {
        float[] y = run("research/am-receiver.graph");
        assertEquals(24_000, y.length, "0.5 s of 48 kHz audio");
        assertEquals(0.5, goertzelAmplitude(y, 6000, 1e3, 48e3), 0.005, "tone at the modulation depth");
        assertTrue(goertzelAmplitude(y, 6000, 2e3, 48e3) < 1e-3, "no envelope distortion at 50 % depth");
    }

    /**
     * The synchronous AM receiver locks its PLL to a carrier 150 Hz off the nominal frequency: the tone comes back at
     * the modulation depth (0.5) with no harmonic, and nothing at 1 kHz +- 150 Hz, where an unlocked detector (the
     * carrier left turning) would put the tone's sidebands at 0.25 each (limit 0.01: the 1 kHz tone's own leakage
     * into these off-bin frequencies is about 0.002).
     */
    @Test
    void synchronousAmReceiverLocksAndRecoversTheTone() throws Exception {
        float[] y = run("research/am-receiver-synchronous.graph");
        assertEquals(24_000, y.length, "0.5 s of 48 kHz audio");
        System.out.printf("AMSYNC tone %.5f, 2 kHz %.2e, 850 Hz %.2e, 1150 Hz %.2e, 150 Hz %.2e%n",
                goertzelAmplitude(y, 6000, 1e3, 48e3), goertzelAmplitude(y, 6000, 2e3, 48e3),
                goertzelAmplitude(y, 6000, 850, 48e3), goertzelAmplitude(y, 6000, 1150, 48e3),
                goertzelAmplitude(y, 6000, 150, 48e3));
        assertEquals(0.5, goertzelAmplitude(y, 6000, 1e3, 48e3), 0.005, "tone at the modulation depth");
        assertTrue(goertzelAmplitude(y, 6000, 2e3, 48e3) < 1e-3, "no distortion");
        for (double f : new double[] {850, 1150, 150}) {
            assertTrue(goertzelAmplitude(y, 6000, f, 48e3) < 0.01, "nothing at " + f + " Hz: the carrier is locked");
        }
    }

    /**
     * The wideband channelizer's channel 1 carries exactly the band's carriers that lie in it (seed 2: two FM and one
     * CW): its power is the sum of their powers plus the noise's share, and the CW carrier appears at its offset from
     * the channel centre (100 kHz) with its amplitude.
     */
    @Test
    void widebandChannelizerChannelHoldsItsCarriers() throws Exception {
        float[] y = run("research/wideband-channelizer.graph");
        assertEquals(2 * 25_000, y.length, "0.25 s of channel 1 at 100 kS/s, complex");
        double want = 2 * 0.001 * 0.001 / 16; // the noise (complex, amplitude 0.001) that falls in one channel
        CarrierBand.Carrier cw = null;
        for (CarrierBand.Carrier c : new CarrierBand(1.6e6, 16, 32, 0.1, 2).carriers()) {
            if (c.channel() == 1) {
                want += c.amplitude() * c.amplitude();
                cw = c.tone() == 0 ? c : cw;
            }
        }
        double got = 0;
        for (int i = 2000; i < y.length; i += 2) {
            got += y[i] * y[i] + y[i + 1] * y[i + 1];
        }
        got /= (y.length - 2000) / 2.0;
        assertEquals(10 * Math.log10(want), 10 * Math.log10(got), 0.5, "channel power (dB)");
        double re = 0;
        double im = 0;
        double w = 2 * Math.PI * (cw.frequency() - 100e3) / 100e3;
        for (int n = 0; n < y.length / 2; n++) {
            re += y[2 * n] * Math.cos(w * n) + y[2 * n + 1] * Math.sin(w * n);
            im += y[2 * n + 1] * Math.cos(w * n) - y[2 * n] * Math.sin(w * n);
        }
        assertEquals(cw.amplitude(), Math.hypot(re, im) / (y.length / 2), 0.03 * cw.amplitude(), "CW carrier");
    }

    /**
     * The channelizer's GPU twin graph (memory nodes around pfb_channelizer_cuda, a download node per channel) gives
     * channel 1 as the CPU graph does: the same samples to float rounding (relative RMS 1e-5; on the CPU fallback the
     * twin runs and the nodes pass samples through, so they are identical).
     */
    @Test
    void widebandChannelizerGpuTwinGivesTheSameChannel() throws Exception {
        float[] cpu = run("research/wideband-channelizer.graph");
        float[] gpu = run("research/wideband-channelizer-cuda.graph");
        assertEquals(cpu.length, gpu.length);
        double err = 0;
        double power = 0;
        for (int i = 0; i < cpu.length; i++) {
            err += (gpu[i] - cpu[i]) * (gpu[i] - cpu[i]);
            power += cpu[i] * cpu[i];
        }
        assertTrue(Math.sqrt(err / power) <= 1e-5, "relative RMS difference " + Math.sqrt(err / power));
    }

    private static double bits(float[] stats) {
        double b = 0;
        for (int i = 0; i < stats.length; i += 2) {
            b += stats[i];
        }
        return b;
    }

    /** EVM in dB of unit-power 16-QAM from the summed squared error vectors (336 points per OFDM symbol). */
    private static double evmDb(float[] stats) {
        double e = 0;
        for (int i = 1; i < stats.length; i += 2) {
            e += stats[i];
        }
        return 10 * Math.log10(e / (stats.length / 2 * 336.0));
    }

    private static int frameErrors(float[] symbolErrors) {
        int n = 0;
        for (float e : symbolErrors) {
            n += e > 0 ? 1 : 0;
        }
        return n;
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

package org.sigflow.blocks.ofdm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.dsp.ChannelModel;
import org.sigflow.ofdm.Wifi80211a;

/**
 * The whole 802.11a front end on SigFlow's own frames: wifi_frame_source (10 QPSK symbols, gap 400) → channel model
 * (taps 0.9 and 0.3 − 0.2j, offset 0.01 cycles/sample, noise at an SNR of the data part) → ofdm_frame_detect →
 * wifi_sync → fft → wifi_equalizer. A frame counts as detected when a tag falls in its training fields, as aligned
 * when wifi_sync puts its LTF on the exact sample. EVM and bit errors over the aligned frames against the source's
 * values. Prints {@code WIFI} lines (the table in docs/research.md), with the EVM the noise alone predicts for the
 * LTF method: {@code (1 + 1/2) mean_k(1/|H_k|²) (52/64) 10^(−SNR/10)} (two LTF symbols averaged).
 */
class WifiReceiverTest {
    private static final int FRAMES = 200;
    private static final int SYMBOLS = 10;
    private static final double CFO = 0.01;

    record Result(int detected, int aligned, double evmDb, long bitErrors, long bits, double expectedDb) {}

    static Result run(double snrDb, double threshold, String method) throws Exception {
        Wifi80211a w = new Wifi80211a(SYMBOLS, 400, 0.5, 5);
        int len = w.length();
        float[] x = new float[2 * (len * FRAMES + 600)];
        for (int f = 0; f < FRAMES; f++) {
            w.write(f, x, 2 * len * f);
        }
        double noise = 0.5 * Math.sqrt(52 / 64.0) * Math.pow(10, -snrDb / 20);
        float[] y = new float[x.length];
        new ChannelModel(new float[] {0.9f, 0f, 0.3f, -0.2f}, CFO, noise, 7).process(x, 0, y, 0, x.length / 2);
        Object[] r = WifiReceiverReferenceTest.receive(y, SYMBOLS, threshold, 240, 2, method);
        float[] z = (float[]) r[0];
        @SuppressWarnings("unchecked")
        List<Double> starts = (List<Double>) r[1];
        boolean[] aligned = new boolean[FRAMES];
        double err = 0;
        long bitErrors = 0;
        int n = 0;
        double q = 1 / Math.sqrt(2);
        for (int i = 0; i < starts.size(); i++) {
            long t = starts.get(i).longValue();
            int f = (int) (t / len);
            if (f >= FRAMES || t - (long) f * len != w.preambleStart() + 192 || aligned[f]) {
                continue;
            }
            aligned[f] = true;
            int[] v = w.values(f);
            for (int k = 0; k < v.length; k++) {
                float re = z[2 * (i * v.length + k)];
                float im = z[2 * (i * v.length + k) + 1];
                double sr = (v[k] & 2) == 0 ? -q : q;
                double si = (v[k] & 1) == 0 ? -q : q;
                err += (re - sr) * (re - sr) + (im - si) * (im - si);
                bitErrors += ((re > 0) != (sr > 0) ? 1 : 0) + ((im > 0) != (si > 0) ? 1 : 0);
            }
            n += v.length;
        }
        int alignedCount = 0;
        for (boolean b : aligned) {
            alignedCount += b ? 1 : 0;
        }
        double mean = 0;
        for (int k : Wifi80211a.dataCarriers()) {
            double a = 2 * Math.PI * k / 64;
            double hr = 0.9 + 0.3 * Math.cos(a) - 0.2 * Math.sin(a); // 0.9 + (0.3 - 0.2j) exp(-j a)
            double hi = -0.3 * Math.sin(a) - 0.2 * Math.cos(a);
            mean += 1 / (hr * hr + hi * hi) / 48;
        }
        double expected = 10 * Math.log10(1.5 * mean * 52 / 64 * Math.pow(10, -snrDb / 10));
        Result res = new Result(starts.size(), alignedCount, 10 * Math.log10(err / Math.max(1, n)), bitErrors,
                2L * n, expected);
        System.out.printf("WIFI method %-6s threshold %.1f snr %4.1f dB: %3d frames out of wifi_sync, %3d of %d aligned,"
                + " EVM %6.2f dB (noise alone, LTF: %6.2f dB), bit errors %d of %d%n", method, threshold, snrDb,
                res.detected, res.aligned, FRAMES, res.evmDb, res.expectedDb, res.bitErrors, res.bits);
        return res;
    }

    @Test
    void everyFrameIsAlignedAndDecodedAtTwentyDecibels() throws Exception {
        Result ltf = run(20, 0.7, "ltf");
        assertEquals(FRAMES, ltf.detected, "frames out of wifi_sync");
        assertEquals(FRAMES, ltf.aligned, "frames aligned on the exact sample");
        assertEquals(0, ltf.bitErrors, "bit errors");
        assertEquals(ltf.expectedDb, ltf.evmDb, 1.0, "EVM vs what the noise alone predicts");
        Result pilots = run(20, 0.7, "pilots");
        assertEquals(FRAMES, pilots.aligned, "frames aligned");
        assertTrue(pilots.evmDb > ltf.evmDb + 2, "pilot interpolation is worse than the LTF estimate on this"
                + " channel: " + pilots.evmDb + " vs " + ltf.evmDb);
    }

    @Test
    void evmFollowsTheSnr() throws Exception {
        double last = Double.NEGATIVE_INFINITY;
        for (double snr : new double[] {30, 25, 20, 15, 10, 5, 2, 0}) {
            Result r = run(snr, 0.4, "ltf");
            Result p = run(snr, 0.4, "pilots");
            if (snr >= 5) {
                assertTrue(r.evmDb > last, "EVM rises as the SNR falls: " + r.evmDb + " at " + snr + " dB");
                assertTrue(r.aligned >= FRAMES * 9 / 10, "aligned frames at " + snr + " dB: " + r.aligned);
                assertTrue(p.evmDb > r.evmDb, "pilot interpolation worse than the LTF estimate at " + snr + " dB");
            }
            if (snr >= 20) { // below, the noisy estimate's second-order terms add about a decibel
                assertEquals(r.expectedDb, r.evmDb, 1.0, "EVM at " + snr + " dB");
            }
            last = r.evmDb;
        }
    }

    @Test
    void aFrameEndingWithTheStreamIsReceived() throws Exception {
        Wifi80211a w = new Wifi80211a(SYMBOLS, 400, 0.5, 5);
        float[] x = new float[2 * w.length() * 3];
        for (int f = 0; f < 3; f++) {
            w.write(f, x, 2 * w.length() * f);
        }
        Object[] r = WifiReceiverReferenceTest.receive(x, SYMBOLS, 0.7, 240, 2, "ltf");
        assertEquals(3 * SYMBOLS * 48 * 2, ((float[]) r[0]).length, "carriers of all three frames");
    }
}

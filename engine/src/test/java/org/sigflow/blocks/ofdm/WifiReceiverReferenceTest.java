package org.sigflow.blocks.ofdm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.dsp.FftBlock;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.expr.Value;
import org.sigflow.ofdm.WifiEqualizer;
import org.sigflow.ofdm.WifiSync;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * The 802.11a receiver chain ofdm_frame_detect → wifi_sync → fft (64, unitary) → wifi_equalizer against the float64
 * numpy receiver of {@code tools/reference/wifi_rx.py} on frames built there from the standard (two-path channel,
 * offset 0.01 cycles/sample, 25 and 12 dB): each frame's LTF start exactly, its offset within 1e-6 rad/sample, and
 * the equalised carriers of both methods within 1e-4 of their RMS (max error). Chunks of 300 samples, so frames
 * cross work calls.
 */
class WifiReceiverReferenceTest {

    /** Runs the chain; returns {equalised carriers, LTF starts, offsets} (tags read at the equaliser's output). */
    static Object[] receive(float[] x, int symbols, double threshold, int search, int backoff, String method)
            throws Exception {
        BlockHarness det = BlockHarness.of(new OfdmFrameDetectBlock(16, 48, threshold, 24, 320)).input(x, true)
                .output(Dtype.CF32, 1).chunk(300).run();
        BlockHarness syncH = BlockHarness.of(new WifiSyncBlock(new WifiSync(symbols, search, backoff)));
        syncH.input(det.floats(0), true);
        for (Tag t : det.tags(0)) {
            syncH.tag(0, t);
        }
        syncH.output(Dtype.CF32, 64).chunk(300).run();
        BlockHarness fft = BlockHarness.of(new FftBlock.Factory().create(setup("fft", Map.of("type", Value.of("cf32"),
                "fft_size", Value.of(64L), "direction", Value.of("forward"), "window", Value.of("rectangular"),
                "beta", Value.of(6.76), "shift", Value.of(false), "scaling", Value.of("1/sqrt(N)")))));
        fft.input(Dtype.CF32, 64, syncH.floats(0)).output(Dtype.CF32, 64).chunk(5).run();
        BlockHarness eq = BlockHarness.of(new WifiEqualizerBlock(new WifiEqualizer(method), symbols));
        eq.input(Dtype.CF32, 64, fft.floats(0));
        for (Tag t : syncH.tags(0)) {
            eq.tag(0, t);
        }
        eq.output(Dtype.CF32, 1).chunk(100).run();
        List<Double> starts = new ArrayList<>();
        List<Double> cfo = new ArrayList<>();
        for (Tag t : eq.tags(0)) {
            if (t.key().equals(WifiSyncBlock.FRAME_TAG)) {
                starts.add(((Number) t.value()).doubleValue());
            } else if (t.key().equals(WifiSyncBlock.CFO_TAG)) {
                cfo.add((Double) t.value());
            }
        }
        return new Object[] {eq.floats(0), starts, cfo};
    }

    private static BlockSetup setup(String id, Map<String, Value> params) {
        return new BlockSetup("t", id, params, List.of(), List.of(), null);
    }

    @Test
    void chainMatchesTheNumpyReceiver() throws Exception {
        for (ReferenceData.Case c : ReferenceData.cases("wifi_rx")) {
            float[] x = c.inputFloats("x");
            for (String method : new String[] {"ltf", "pilots"}) {
                Object[] r = receive(x, c.integer("data_symbols"), c.num("threshold"), c.integer("search"),
                        c.integer("backoff"), method);
                float[] z = (float[]) r[0];
                double[] zd = new double[z.length];
                for (int i = 0; i < z.length; i++) {
                    zd[i] = z[i];
                }
                if (zd.length == c.expected(method).length) {
                    System.out.printf("WIFI_REF %s %s: max error %.2e of the RMS%n", c.name(), method,
                            ReferenceData.error(zd, c.expected(method), c.metric()));
                }
                c.assertMatches(method, zd);
                @SuppressWarnings("unchecked")
                List<Double> starts = (List<Double>) r[1];
                @SuppressWarnings("unchecked")
                List<Double> cfo = (List<Double>) r[2];
                double[] es = c.expected("ltf_start");
                double[] ec = c.expected("cfo");
                assertEquals(es.length, starts.size(), c.name() + ": frames");
                for (int i = 0; i < es.length; i++) {
                    assertEquals(es[i], starts.get(i), 0, c.name() + ": LTF start of frame " + i);
                    assertEquals(ec[i], cfo.get(i), 1e-6, c.name() + ": offset of frame " + i);
                }
            }
        }
    }
}

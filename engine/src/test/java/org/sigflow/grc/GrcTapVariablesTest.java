package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * GRC's low/high/band-pass and band-reject tap variables and {@code firdes.low_pass(...)} values import as SigFlow's
 * design functions and evaluate to GNU Radio 3.10's taps (gnuradio_taps.json, tools/reference/gen_gnuradio_taps.py;
 * within 1e-6 of the largest tap).
 */
class GrcTapVariablesTest {

    @Test
    void tapVariablesGiveGnuRadiosTaps() throws Exception {
        String grc = """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '48000'}}
                - name: lp
                  id: variable_low_pass_filter_taps
                  parameters: {beta: '7', cutoff_freq: '5000', gain: '1', samp_rate: '32000', width: '1000',
                    win: window.WIN_KAISER}
                - name: hp
                  id: variable_high_pass_filter_taps
                  parameters: {beta: '6.76', cutoff_freq: '3000', gain: '1.0', samp_rate: samp_rate, width: '2000',
                    win: window.WIN_HAMMING}
                - name: bp
                  id: variable_band_pass_filter_taps
                  parameters: {beta: '6.76', gain: '2', high_cutoff_freq: '9000', low_cutoff_freq: '3000',
                    samp_rate: samp_rate, type: band_pass, width: '1500', win: window.WIN_HAMMING}
                - name: br
                  id: variable_band_reject_filter_taps
                  parameters: {beta: '6.76', gain: '1.0', high_cutoff_freq: '9000', low_cutoff_freq: '3000',
                    samp_rate: samp_rate, width: '1500', win: window.WIN_HAMMING}
                - {name: v, id: variable, parameters: {value: 'firdes.band_pass(1, 48000, 3e3, 9e3, 1500, window.WIN_BLACKMAN)'}}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = GrcImporter.loadDefault().importText(grc, "taps.grc");
        assertEquals(List.of(), r.report().attention(), String.join("\n", r.report().lines()));
        assertEquals("band_reject((1.0), (samp_rate), (3000), (9000), (1500), ('hamming'), (6.76))",
                r.graph().variables().get("br"));
        Map<String, Value> values = VariableResolver.resolve(r.graph().variables(), Map.of()).values();
        assertTaps("low_pass[1, 32000, 5000, 1000] kaiser 7", values.get("lp"));
        assertTaps("high_pass[1, 48000, 3000, 2000]", values.get("hp"));
        assertTaps("band_pass[2, 48000, 3000, 9000, 1500]", values.get("bp"));
        assertTaps("band_reject[1, 48000, 3000, 9000, 1500]", values.get("br"));
        assertTaps("band_pass[1, 48000, 3000, 9000, 1500] blackman", values.get("v"));
    }

    private static void assertTaps(String name, Value got) throws Exception {
        org.sigflow.expr.TapDesignFunctionsTest.assertGnuRadioTaps(name, got);
    }
}

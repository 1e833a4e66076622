package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;

/**
 * GNU Radio's FFT design filters ({@code filter_fft_low_pass_filter}, {@code filter_fft_rrc_filter}) import as the
 * same SigFlow blocks and params as their FIR twins ({@code low_pass_filter}, {@code root_raised_cosine_filter}), whose
 * samples {@code GnuRadioSamplesTest} checks against GNU Radio: the FFT filter computes the same convolution.
 */
class GrcFftDesignFiltersImportTest {

    @Test
    void fftDesignFiltersImportAsTheirFirTwins() throws Exception {
        String grc = """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '48000'}}
                - name: fft_lp
                  id: filter_fft_low_pass_filter
                  parameters: {type: ccc, decim: '2', gain: '1', samp_rate: samp_rate, cutoff_freq: '5e3',
                    width: '1e3', win: window.WIN_BLACKMAN, beta: '6.76', nthreads: '2'}
                - name: fir_lp
                  id: low_pass_filter
                  parameters: {type: fir_filter_ccf, decim: '2', interp: '1', gain: '1', samp_rate: samp_rate,
                    cutoff_freq: '5e3', width: '1e3', win: window.WIN_BLACKMAN, beta: '6.76'}
                - name: fft_rrc
                  id: filter_fft_rrc_filter
                  parameters: {type: fff, decim: '1', gain: '2', samp_rate: samp_rate, sym_rate: '12000',
                    alpha: '0.35', ntaps: '45', nthreads: '1'}
                - name: fir_rrc
                  id: root_raised_cosine_filter
                  parameters: {type: fir_filter_fff, decim: '1', interp: '1', gain: '2', samp_rate: samp_rate,
                    sym_rate: '12000', alpha: '0.35', ntaps: '45'}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = GrcImporter.loadDefault().importText(grc, "fft.grc");
        assertEquals(List.of(), r.report().attention());
        assertTwins(r, "fft_lp", "fir_lp");
        assertTwins(r, "fft_rrc", "fir_rrc");
    }

    private static void assertTwins(ImportResult r, String fft, String fir) {
        BlockInstance a = r.graph().block(fft).orElseThrow();
        BlockInstance b = r.graph().block(fir).orElseThrow();
        assertEquals(b.type(), a.type(), fft);
        java.util.Map<String, String> firParams = new java.util.HashMap<>(b.params());
        firParams.remove("interpolation");                  // the FIR twin's unused interpolation
        assertEquals(firParams, a.params(), fft);
    }
}

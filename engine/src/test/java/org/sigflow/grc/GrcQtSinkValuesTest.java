package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.session.Engine;

/**
 * Qt sink values SigFlow's limits would refuse. A flat-top window ({@code window.WIN_FLATTOP}) is the spectrum sink's
 * {@code flat_top} (GNU Radio's window, {@code WindowAndFirdesTest}). A Qt sink's update period shorter than SigFlow's views redraw (GNU Radio's qtgui_tags_viewing example asks for
 * 0.001 s, 1000/s; the display sinks' maximum is 200/s) imports as the maximum with a note, not as an invalid
 * value; a period within the limit, or one that refers to a variable, stays as translated.
 */
class GrcQtSinkValuesTest {

    @Test
    void updateRateAboveTheSinksLimitIsClampedWithANote() throws Exception {
        String grc = """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '48000'}}
                - {name: period, id: variable, parameters: {value: '0.0001'}}
                - name: fast
                  id: qtgui_time_sink_x
                  parameters: {type: float, size: '512', srate: samp_rate, update_time: '0.001', nconnections: '1'}
                - name: slow
                  id: qtgui_time_sink_x
                  parameters: {type: float, size: '512', srate: samp_rate, update_time: '0.10', nconnections: '1'}
                - name: byvar
                  id: qtgui_time_sink_x
                  parameters: {type: float, size: '512', srate: samp_rate, update_time: period, nconnections: '1'}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc, "rate.grc");
        assertEquals("200", r.graph().block("fast").orElseThrow().params().get("update_rate"));
        assertEquals("1 / (0.10)", r.graph().block("slow").orElseThrow().params().get("update_rate"));
        assertEquals("1 / (period)", r.graph().block("byvar").orElseThrow().params().get("update_rate"));
        assertEquals(List.of(), r.report().attention());
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("fast") && l.contains("update_time = '0.001'")
                && l.contains("update_rate 1000.0, above SigFlow's 200; imported as 200")), String.join("\n",
                r.report().lines()));
    }

    @Test
    void flatTopWindowImportsForTheSpectrumSink() throws Exception {
        String grc = """
                blocks:
                - name: freq
                  id: qtgui_freq_sink_x
                  parameters: {type: complex, fftsize: '1024', wintype: window.WIN_FLATTOP, fc: '0', bw: '48000',
                    average: '1.0', update_time: '0.10', nconnections: '1'}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc, "flat.grc");
        assertEquals("flat_top", r.graph().block("freq").orElseThrow().params().get("window"));
        assertEquals(List.of(), r.report().attention());
    }
}

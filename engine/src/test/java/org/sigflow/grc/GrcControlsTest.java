package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

/**
 * GRC's Qt GUI variable widgets become {@code control} views carrying the widget's range, choices and on/off
 * values; the graph writes and reads back with them.
 */
class GrcControlsTest {
    static GrcImporter importer;

    @BeforeAll
    static void load() throws Exception {
        importer = GrcImporter.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: ctl, title: ctl}
            blocks:
            - name: samp_rate
              id: variable
              parameters: {value: '32000'}
            - name: freq
              id: variable_qtgui_range
              parameters: {label: Frequency, value: '1000', start: '-samp_rate/2', stop: 'samp_rate/2', step: '100',
                           widget: counter_slider, rangeType: float, orient: QtCore.Qt.Horizontal, min_len: '200'}
            - name: taps
              id: variable_qtgui_range
              parameters: {label: '', value: '3', start: '1', stop: '9', step: '2', widget: counter, rangeType: int}
            - name: wave
              id: variable_qtgui_chooser
              parameters: {label: '"Waveform"', type: int, num_opts: '2', option0: '1', label0: Sine,
                           option1: '2', label1: '', value: '1', widget: combo_box}
            - name: gain
              id: variable_qtgui_chooser
              parameters: {label: Gain, type: real, num_opts: '0', options: '[0.5, 1, 2]', labels: '["lo", "mid", "hi"]',
                           value: '1'}
            - name: mute
              id: variable_qtgui_check_box
              parameters: {label: Mute, type: int, value: '0', 'true': '1', 'false': '0'}
            - name: name
              id: variable_qtgui_entry
              parameters: {label: Name, type: string, value: abc}
            - name: level
              id: variable_qtgui_dial_control
              parameters: {label: Level, type: real, value: '5', minimum: '0', maximum: '100', scaleFactor: '0.1'}
            - name: shown
              id: variable_qtgui_label
              parameters: {label: Shown, type: real, value: freq * 2, formatter: None}
            - name: bad
              id: variable_qtgui_range
              parameters: {value: '1', start: 'numpy.foo(2)', stop: '10', step: '1', widget: slider}
            connections: []
            metadata: {file_format: 1}
            """;

    @Test
    void widgetsBecomeControlViews() throws Exception {
        ImportResult r = importer.importText(GRC, "ctl.grc");
        Map<String, Map<String, String>> controls = new LinkedHashMap<>();
        for (ViewLayout v : r.graph().views()) {
            assertEquals("control", v.kind());
            assertEquals(null, v.block());
            controls.put(v.id(), v.options());
        }
        assertEquals(List.of("control_freq", "control_taps", "control_wave", "control_gain", "control_mute",
                "control_name", "control_level", "control_shown", "control_bad"), List.copyOf(controls.keySet()));
        assertEquals(Map.of("variable", "freq", "widget", "slider", "min", "-samp_rate/2", "max", "samp_rate/2",
                "step", "100", "label", "Frequency"), controls.get("control_freq"));
        assertEquals(Map.of("variable", "taps", "widget", "counter", "min", "1", "max", "9", "step", "2",
                "integer", "true"), controls.get("control_taps"));
        assertEquals(Map.of("variable", "wave", "widget", "chooser", "options", "[1, 2]", "labels", "['Sine', '2']",
                "label", "Waveform"), controls.get("control_wave"));
        assertEquals(Map.of("variable", "gain", "widget", "chooser", "options", "[0.5, 1, 2]",
                "labels", "[\"lo\", \"mid\", \"hi\"]", "label", "Gain"), controls.get("control_gain"));
        assertEquals(Map.of("variable", "mute", "widget", "check_box", "on", "1", "off", "0", "label", "Mute"),
                controls.get("control_mute"));
        assertEquals(Map.of("variable", "name", "widget", "entry", "string", "true", "label", "Name"),
                controls.get("control_name"));
        assertEquals(Map.of("variable", "level", "widget", "slider", "min", "(0) * (0.1)", "max", "(100) * (0.1)",
                "label", "Level"), controls.get("control_level"));
        assertEquals(Map.of("variable", "shown", "widget", "label", "label", "Shown"), controls.get("control_shown"));
        assertEquals(Map.of("variable", "bad", "widget", "slider", "max", "10", "step", "1"),
                controls.get("control_bad"), "a bound that is not a SigFlow expression is left out");

        Graph back = new GraphReader().read(new GraphWriter().write(r.graph()), "ctl.graph").graph();
        assertEquals(r.graph().views(), back.views());
    }
}

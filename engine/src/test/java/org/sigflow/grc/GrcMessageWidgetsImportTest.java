package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.Connection;
import org.sigflow.graph.ViewLayout;
import org.sigflow.session.Engine;

/**
 * GRC widgets driven by messages: the compass with {@code usemsg: True} (its stream input left open, as GRC allows)
 * becomes a {@code message_readout} whose {@code angle} port takes the messages (a {@code "when"} mapping; with
 * {@code usemsg: False} it stays a number sink), and the digital number control, a GRC variable with message
 * ports, becomes a variable with a control view, so a label showing it validates. Both graphs validate.
 */
class GrcMessageWidgetsImportTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: widgets, title: widgets}
            blocks:
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.cons(pmt.intern("angle"), pmt.from_double(30))', period: '100'}
            - name: compass
              id: qtgui_compass
              parameters: {name: '"Heading"', usemsg: 'True', min_size: '300'}
            - name: freq
              id: qtgui_msgdigitalnumbercontrol
              parameters: {lbl: '"Frequency"', minFreqHz: '30e6', maxFreqHz: '1700e6', value: '100e6',
                           ThousandsSeparator: ',', outputmsgname: "'freq'", readOnly: 'False'}
            - name: shown
              id: variable_qtgui_label
              parameters: {label: '', type: real, value: freq}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True'}
            connections:
            - [strobe, strobe, compass, angle]
            - [freq, valueout, dbg, print]
            metadata: {file_format: 1}
            """;

    @Test
    void messageWidgetsImportAndValidate() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "widgets.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertEquals("message_readout", r.graph().block("compass").orElseThrow().type());
        assertEquals(List.of(new Connection("strobe", "strobe", "compass", "angle")), r.graph().connections());
        assertEquals("100e6", r.graph().variables().get("freq"));
        assertEquals("freq", r.graph().variables().get("shown"));
        ViewLayout control = r.graph().views().stream().filter(v -> v.id().equals("control_freq")).findFirst()
                .orElseThrow();
        assertEquals(Map.of("variable", "freq", "widget", "slider", "min", "30e6", "max", "1700e6", "label",
                "Frequency"), control.options());
        List<String> attention = r.report().attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        assertEquals(1, attention.size(), String.join("\n", attention));
        assertTrue(attention.get(0).contains("GUI control freq (qtgui_msgdigitalnumbercontrol) became a variable"),
                attention.get(0));
        engine.open(r.graph(), dir.resolve("widgets.graph"), Map.of()); // validates, or throws with the problems
    }
}

package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.session.Engine;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;

/**
 * gr-trellis' tcm example: {@code mod = fu.psk4} ({@code import gnuradio.trellis.fsm_utils as fu}), its points and
 * dimensionality taken by index, and the symbol energy written with numpy on the list. GNU Radio 3.10's
 * {@code fsm_utils.psk4} is {@code (2, [1, 0, 0, 1, 0, -1, -1, 0])}, so {@code Es} is 4 / (8 / 2) = 1.0.
 */
class GrcFsmUtilsTest {
    private static final String GRC = """
            options:
              parameters: {id: t, title: t}
            blocks:
            - name: mod
              id: variable
              parameters: {value: fu.psk4}
            - name: constellation
              id: variable
              parameters: {value: 'mod[1]'}
            - name: dim
              id: variable
              parameters: {value: 'mod[0]'}
            - name: Es
              id: variable
              parameters: {value: 'sum(numpy.square(numpy.abs(constellation)))/(len(constellation)/(1.0*dim))'}
            - name: import_0
              id: import
              parameters: {imports: import gnuradio.trellis.fsm_utils as fu}
            connections: []
            metadata: {file_format: 1}
            """;

    @Test
    void fsmUtilsModulationsAndNumpyOnListsImportAsValues() throws Exception {
        ImportResult r = Engine.loadDefault().grcImporter().importText(GRC, "tcm.grc");
        Map<String, String> v = r.graph().variables();
        Value mod = Expressions.evaluate(v.get("mod"), Map.of());
        List<Double> points = mod.asList().get(1).asList().stream().map(Value::asDouble).toList();
        assertEquals(List.of(1.0, 0.0, 0.0, 1.0, 0.0, -1.0, -1.0, 0.0), points);
        Value es = Expressions.evaluate(v.get("Es"), Map.of("constellation", mod.asList().get(1),
                "dim", mod.asList().get(0)));
        assertEquals(1.0, es.asDouble(), 0.0);
        assertEquals(List.of(1.0, 4.0, 2.0), Expressions.evaluate("square([1, -2, abs(-2) ** 0.5])", Map.of())
                .asList().stream().map(Value::asDouble).map(x -> (double) Math.round(x * 1e12) / 1e12).toList());
    }
}

package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * GRC values that ask a constellation variable for its {@code points()}, {@code arity()} or
 * {@code bits_per_symbol()} import as those values, equal to GNU Radio 3.10's objects (presets and calcdist with
 * amplitude or power normalisation, recorded by {@code tools/reference/gen_gnuradio_misc_blocks.py}; points within
 * 1e-6), and a list of random numbers ({@code [random.randrange(n) for i in range(k)]}) as {@code random_ints}.
 */
class GrcConstellationValuesImportTest {

    private static final String GRC = """
            blocks:
            - {name: c1, id: variable_constellation, parameters: {type: qpsk}}
            - {name: c2, id: variable_constellation, parameters: {type: 8psk}}
            - name: c3
              id: variable_constellation
              parameters: {type: calcdist, const_points: 'digital.qam_16()[0]', sym_map: 'digital.qam_16()[1]',
                rot_sym: '4', dims: '1', normalization: digital.constellation.AMPLITUDE_NORMALIZATION}
            - name: c4
              id: variable_constellation
              parameters: {type: calcdist, const_points: '[1+1j, 3-1j, -2, 0.5j]', sym_map: '[0, 1, 2, 3]',
                rot_sym: '4', dims: '1', normalization: digital.constellation.POWER_NORMALIZATION}
            - {name: p1, id: variable, parameters: {value: c1.points()}}
            - {name: p2, id: variable, parameters: {value: c2.points()}}
            - {name: p3, id: variable, parameters: {value: c3.points()}}
            - {name: p4, id: variable, parameters: {value: c4.points()}}
            - {name: facts, id: variable, parameters: {value: '[c1.arity(), c1.bits_per_symbol(), c2.arity(),
                c2.bits_per_symbol(), c3.arity(), c3.bits_per_symbol(), c4.arity(), c4.bits_per_symbol()]'}}
            - {name: n, id: variable, parameters: {value: len(c3.points())}}
            - {name: data, id: variable, parameters: {value: '[random.randrange(n) for i in range(500)]'}}
            - {name: bytes, id: variable, parameters: {value: '[0]*4+[random.getrandbits(8) for i in range(64)]'}}
            connections: []
            metadata: {file_format: 1}
            """;

    @Test
    void constellationMethodsAreGnuRadiosValues() throws Exception {
        ImportResult r = GrcImporter.loadDefault().importText(GRC, "c.grc");
        List<String> attention = r.report().attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        // the constellation variables themselves stay GNU Radio calls (they are read by the blocks' mappings)
        assertTrue(attention.stream().allMatch(a -> a.contains("(variable_constellation)")), String.join("\n",
                attention));
        Map<String, String> vars = new java.util.LinkedHashMap<>(r.graph().variables());
        vars.keySet().removeAll(List.of("c1", "c2", "c3", "c4"));
        Map<String, Value> v = VariableResolver.resolve(vars, Map.of()).values();
        JsonNode want;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_misc_blocks.json")) {
            want = new ObjectMapper().readTree(in).get("constellations");
        }
        String[] names = {"qpsk", "8psk", "calcdist_qam16_amplitude", "calcdist_power"};
        List<Value> facts = ((Value.ListValue) v.get("facts")).items();
        for (int c = 0; c < names.length; c++) {
            JsonNode w = want.get(names[c]);
            List<Value> points = ((Value.ListValue) v.get("p" + (c + 1))).items();
            assertEquals(w.get("points").size(), points.size(), names[c] + " points");
            for (int i = 0; i < points.size(); i++) {
                assertEquals(w.get("points").get(i).get(0).asDouble(), points.get(i).re(), 1e-6, names[c] + " re " + i);
                assertEquals(w.get("points").get(i).get(1).asDouble(), points.get(i).im(), 1e-6, names[c] + " im " + i);
            }
            assertEquals(w.get("arity").asLong(), facts.get(2 * c).asLong(), names[c] + " arity");
            assertEquals(w.get("bits_per_symbol").asLong(), facts.get(2 * c + 1).asLong(), names[c] + " bits");
        }
        assertEquals("random_ints(500, 0, (n))", r.graph().variables().get("data"));
        List<Value> data = ((Value.ListValue) v.get("data")).items();
        assertEquals(500, data.size());
        assertTrue(data.stream().allMatch(x -> x.asLong() >= 0 && x.asLong() < 16), "symbols of a 16-point map");
        assertEquals(68, ((Value.ListValue) v.get("bytes")).items().size());
    }
}

package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.session.Engine;

/**
 * viterbi_equalization.grc's trellis objects: {@code trellis.fsm(I, L)} and {@code fu.make_isi_lookup(...)} computed
 * at import equal GNU Radio 3.10's ({@code tools/reference/gen_gnuradio_trellis_isi.py}: the FSM's I, S, O and
 * tables exactly; the lookup table exactly, the same double arithmetic in the same order). End to end (decoded
 * symbols of a Viterbi equalizer): {@code GnuRadioSamplesTest} cases {@code trellis_isi_pam4*}.
 */
class GrcTrellisObjectsTest {
    private static JsonNode ref;
    private static GrcImporter importer;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = GrcTrellisObjectsTest.class.getResourceAsStream("/reference/gnuradio_trellis_isi.json")) {
            ref = new ObjectMapper().readTree(in);
        }
        importer = Engine.loadDefault().grcImporter();
    }

    private static String grc(String modulation, int taps, String normalize) {
        String channel = taps == 5 ? "fu.c_channel" : "fu.c_channel[:" + taps + "]";
        return """
                options:
                  parameters: {id: t, title: t}
                blocks:
                - name: modulation
                  id: variable
                  parameters: {value: fu.%s}
                - name: channel
                  id: variable
                  parameters: {value: '%s'}
                - name: fsm
                  id: variable
                  parameters: {value: 'trellis.fsm(len(modulation[1]),len(channel))'}
                - name: tot_mod
                  id: variable
                  parameters: {value: 'fu.make_isi_lookup(modulation,channel,%s)'}
                - name: bpsym
                  id: variable
                  parameters: {value: 'int(round(math.log(fsm.I())/math.log(2)))'}
                - name: outputs
                  id: variable
                  parameters: {value: 'fsm.O()'}
                - name: Es
                  id: variable
                  parameters: {value: 'numpy.mean((numpy.square(numpy.abs(tot_mod[1]))))'}
                connections: []
                metadata: {file_format: 1}
                """.formatted(modulation, channel, normalize);
    }

    private static Map<String, Value> values(ImportResult r) {
        assertTrue(r.report().complete(), r.report().lines().toString());
        VariableResolver.Resolution res = VariableResolver.resolve(r.graph().variables(), Map.of());
        assertTrue(res.ok(), res.errors().toString());
        return res.values();
    }

    @Test
    void isiFsmAndLookupAreGnuRadios() throws Exception {
        for (String mod : List.of("pam2", "pam4")) {
            for (String normalize : List.of("False", "True")) {
                Map<String, Value> v = values(importer.importText(grc(mod, 5, normalize), "viterbi_eq.grc"));
                JsonNode lookup = ref.get("isi_lookup").get(mod + "," + normalize);
                List<Value> table = v.get("tot_mod").asList().get(1).asList();
                assertEquals(lookup.get("table").size(), table.size());
                double es = 0;
                for (int i = 0; i < table.size(); i++) {
                    assertEquals(lookup.get("table").get(i).asDouble(), table.get(i).asDouble(), 0.0, mod + " " + i);
                    es += table.get(i).asDouble() * table.get(i).asDouble();
                }
                assertEquals(1L, ((Value.Int) v.get("tot_mod").asList().getFirst()).value());
                assertEquals(es / table.size(), v.get("Es").asDouble(), 1e-12 * es);
                int in = mod.equals("pam2") ? 2 : 4;
                assertFsm(in + ",5", v.get("fsm").asString());
                assertEquals(in == 2 ? 1L : 2L, ((Value.Int) v.get("bpsym")).value());
                assertEquals(ref.get("fsm").get(in + ",5").get("O").asLong(), ((Value.Int) v.get("outputs")).value());
            }
        }
    }

    @Test
    void smallerChannelsGiveGnuRadiosFsms() throws Exception {
        assertFsm("2,3", values(importer.importText(grc("pam2", 3, "False"), "t.grc")).get("fsm").asString());
        assertEquals(ref.get("fsm").get("8,2").get("NS").size(), 64);
        assertFsm("8,2", GrcTrellisObjects.fsmText(new int[] {8, 8, 64}));
    }

    @Test
    void argumentsThatDoNotEvaluateKeepTheValueAndSaySo() throws Exception {
        ImportResult r = importer.importText(grc("pam4", 5, "False").replace("len(channel))", "len(chan))"), "t.grc");
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("variable fsm (variable)")
                && l.contains("kept as written") && l.contains("len(chan)")), r.report().lines().toString());
    }

    private static void assertFsm(String key, String text) {
        JsonNode f = ref.get("fsm").get(key);
        List<Long> want = new ArrayList<>(List.of(f.get("I").asLong(), f.get("S").asLong(), f.get("O").asLong()));
        f.get("NS").forEach(n -> want.add(n.asLong()));
        f.get("OS").forEach(n -> want.add(n.asLong()));
        List<Long> got = java.util.Arrays.stream(text.strip().split("\\s+")).map(Long::parseLong).toList();
        assertEquals(want, got, key);
    }
}

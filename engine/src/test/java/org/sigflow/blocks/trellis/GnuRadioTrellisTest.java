package org.sigflow.blocks.trellis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;

/**
 * trellis_encoder and trellis_viterbi_combined against GNU Radio 3.10's gr-trellis on its example FSM files
 * ({@code tools/reference/gen_gnuradio_fec.py}, "trellis"): rate-1/2 codes with 4 and 16 states (QPSK table), a
 * rate-2/3 code with a 3-dimensional table, a repetition code with hard symbol metrics; noisy input, known and
 * unknown start and end states; encoder streaming and blockwise. Every symbol equal, whatever the call sizes.
 */
class GnuRadioTrellisTest {

    static Stream<Arguments> cases() throws Exception {
        JsonNode all;
        try (InputStream in = GnuRadioTrellisTest.class.getResourceAsStream("/reference/gnuradio_fec.json")) {
            all = new ObjectMapper().readTree(in).get("trellis");
        }
        List<Arguments> out = new ArrayList<>();
        for (JsonNode c : all) {
            for (int chunk : new int[] {300, 4096}) {
                out.add(Arguments.of(c.get("name").asText() + " chunk " + chunk, c, chunk));
            }
        }
        return out.stream();
    }

    private static byte[] bytes(JsonNode a) {
        byte[] b = new byte[a.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) a.get(i).asInt();
        }
        return b;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void encoderGivesGnuRadiosSymbols(String name, JsonNode c, int chunk) throws Exception {
        for (boolean blockwise : new boolean[] {false, true}) {
            var block = new TrellisEncoderBlock().create(new BlockSetup("e", "trellis_encoder", Map.of(
                    "fsm", Value.of(c.get("fsm").asText()), "init_state", Value.of(0), "blockwise",
                    Value.of(blockwise), "block_length", Value.of(c.get("block_length").asLong()),
                    "in_type", Value.of("u8"), "out_type", Value.of("u8")),
                    List.of(new PortSpec("in", Dtype.U8, 1)), List.of(new PortSpec("out", Dtype.U8, 1)), null));
            BlockHarness h = BlockHarness.of(block).chunk(chunk).input(Dtype.U8, 1, bytes(c.get("input")))
                    .output(Dtype.U8, 1).run();
            byte[] want = bytes(c.get(blockwise ? "blockwise" : "encoded"));
            assertArrayEquals(want, java.util.Arrays.copyOf(h.bytes(0), h.produced(0)), name + " blockwise "
                    + blockwise);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void viterbiGivesGnuRadiosDecisions(String name, JsonNode c, int chunk) throws Exception {
        boolean complex = c.get("type").asText().equals("cf32");
        List<Value> table = new ArrayList<>();
        c.get("table").forEach(t -> table.add(complex ? Value.of(t.get(0).asDouble(), t.get(1).asDouble())
                : Value.of(t.asDouble())));
        Map<String, Value> p = new HashMap<>(Map.of("fsm", Value.of(c.get("fsm").asText()),
                "block_size", Value.of(c.get("block_size").asLong()), "dim", Value.of(c.get("dim").asLong()),
                "init_state", Value.of(c.get("init_state").asLong()),
                "final_state", Value.of(c.get("final_state").asLong()), "table", new Value.ListValue(table),
                "metric_type", Value.of(c.get("metric_type").asText()), "type", Value.of(c.get("type").asText()),
                "out_type", Value.of("u8")));
        Dtype in = complex ? Dtype.CF32 : Dtype.F32;
        var block = new TrellisViterbiCombinedBlock().create(new BlockSetup("v", "trellis_viterbi_combined", p,
                List.of(new PortSpec("in", in, 1)), List.of(new PortSpec("out", Dtype.U8, 1)), null));
        JsonNode y = c.get("noisy");
        float[] x = new float[y.size() * (complex ? 2 : 1)];
        for (int i = 0; i < y.size(); i++) {
            if (complex) {
                x[2 * i] = (float) y.get(i).get(0).asDouble();
                x[2 * i + 1] = (float) y.get(i).get(1).asDouble();
            } else {
                x[i] = (float) y.get(i).asDouble();
            }
        }
        BlockHarness h = BlockHarness.of(block).chunk(chunk).input(in, 1, x).output(Dtype.U8, 1).run();
        assertArrayEquals(bytes(c.get("decoded")), java.util.Arrays.copyOf(h.bytes(0), h.produced(0)), name);
    }
}

package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtCodec;
import org.sigflow.message.PmtText;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.Tag;

/**
 * header_payload_demux against GNU Radio 3.10 ({@code tools/reference/gen_gnuradio_sync.py}, "demux_cases"): the
 * test plays the header parser, posting GNU Radio's recorded header verdicts (an integer length, a dict with the
 * length and another key, False) each time a header has come out, as the generator did to GNU Radio's block. Header
 * and payload outputs equal GNU Radio's items and tags, input fed in calls of 16, 23 and 1000 items (a header needs its whole output space in one call).
 */
class HeaderPayloadDemuxTest {

    static Stream<Object[]> cases() throws Exception {
        List<Object[]> list = new ArrayList<>();
        for (JsonNode c : GnuRadioDigitalBlocksTest.load("/reference/gnuradio_sync.json", "demux_cases")) {
            for (int chunk : new int[] {16, 23, 1000}) {
                list.add(new Object[] {c.get("name").asText() + " chunk " + chunk, c, chunk});
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGnuRadio(String name, JsonNode c, int chunk) throws Exception {
        Map<String, Value> params = new HashMap<>();
        c.get("params").properties().forEach(e -> params.put(e.getKey(), GnuRadioDigitalBlocksTest.value(e.getValue())));
        Dtype type = Dtype.fromId(c.get("dtype").asText());
        int vlen = c.get("params").get("output_symbols").asBoolean() ? c.get("params").get("items_per_symbol").asInt() : 1;
        boolean trigger = !c.get("trigger").isNull();
        List<PortSpec> ins = new ArrayList<>(List.of(new PortSpec("in", type, 1)));
        if (trigger) {
            ins.add(new PortSpec("trigger", Dtype.U8, 1));
        }
        HeaderPayloadDemux block = (HeaderPayloadDemux) new HeaderPayloadDemux.Factory().create(new BlockSetup("d",
                "header_payload_demux", params, ins, List.of(new PortSpec("header", type, vlen),
                new PortSpec("payload", type, vlen)), null));
        List<Pmt> messages = new ArrayList<>();
        c.get("messages").forEach(m -> messages.add(PmtCodec.read(HexFormat.of().parseHex(m.asText()))));
        BlockHarness h = BlockHarness.of(block).chunk(chunk);
        h.input(type, 1, array(type, c.get("input")));
        c.get("tags").forEach(t -> h.tag(0, new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong())));
        if (trigger) {
            h.input(Dtype.U8, 1, array(Dtype.U8, c.get("trigger")));
        }
        h.output(type, vlen).output(type, vlen).beforeCall(call -> {
            if (block.waitingForHeaderData() && !messages.isEmpty()) {
                block.handleMessage("header_data", messages.removeFirst());
            }
        }).run();
        for (int port = 0; port < 2; port++) {
            JsonNode want = c.get(port == 0 ? "header" : "payload");
            Object expected = array(type, want.get("values"));
            if (type == Dtype.U8) {
                assertArrayEquals((byte[]) expected, h.bytes(port), name + " port " + port);
            } else {
                assertArrayEquals((float[]) expected, h.floats(port), name + " port " + port);
            }
            List<String> wantTags = new ArrayList<>();
            want.get("tags").forEach(t -> wantTags.add(t.get(0).asLong() + " " + t.get(1).asText() + "="
                    + t.get(2).asText()));
            List<String> gotTags = h.tags(port).stream()
                    .sorted(Comparator.comparingLong(Tag::offset).thenComparing(Tag::key))
                    .map(t -> t.offset() + " " + t.key() + "=" + text(t.value())).toList();
            assertEquals(wantTags, gotTags, name + " port " + port + ": tags");
        }
    }

    /** A tag value as the generator wrote it: integers as numbers, anything else in GNU Radio's PMT text. */
    private static String text(Object v) {
        return v instanceof Long ? v.toString() : PmtText.write(TagValues.toPmt(v));
    }

    private static Object array(Dtype d, JsonNode values) {
        if (d == Dtype.U8) {
            byte[] b = new byte[values.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) values.get(i).asInt();
            }
            return b;
        }
        float[] f = new float[values.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values.get(i).asDouble();
        }
        return f;
    }
}

package org.sigflow.blocks.pdu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.Tag;

/**
 * tagged_stream_mux against GNU Radio 3.10 on two tagged streams of different packet lengths with extra tags and a
 * moved head tag ({@code tools/reference/gen_gnuradio_misc.py}): items and tags exact, whatever the work-call cuts.
 */
class TaggedStreamMuxTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000})
    void joinsPacketsAsGnuRadio(int chunk) throws Exception {
        JsonNode ref;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_misc.json")) {
            ref = new ObjectMapper().readTree(in).get("tagged_stream_mux");
        }
        String key = ref.get("key").asText();
        PortSpec port = new PortSpec("in", Dtype.U8, 1);
        var block = new TaggedStreamMux().create(new BlockSetup("m", "tagged_stream_mux", Map.of("type",
                Value.of("u8"), "ninputs", Value.of(2), "lengthtagname", Value.of(key), "vlen", Value.of(1),
                "tag_preserve_head_pos", Value.of(ref.get("preserve_head").asInt())), List.of(port, port),
                List.of(new PortSpec("out", Dtype.U8, 1)), null));
        BlockHarness h = BlockHarness.of(block).chunk(chunk);
        int p = 0;
        for (JsonNode in : ref.get("inputs")) {
            byte[] v = new byte[in.get("values").size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (byte) in.get("values").get(i).asInt();
            }
            h.input(Dtype.U8, 1, v);
            int packet = in.get("packet").asInt();
            for (int at = 0; at < v.length; at += packet) {
                h.tag(p, new Tag(at, key, (long) packet));
            }
            for (JsonNode t : in.get("tags")) {
                h.tag(p, new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong()));
            }
            p++;
        }
        h.output(Dtype.U8, 1).run();
        byte[] got = h.bytes(0);
        assertEquals(ref.get("output").size(), got.length, "items");
        for (int i = 0; i < got.length; i++) {
            assertEquals(ref.get("output").get(i).asInt(), got[i] & 0xff, "item " + i);
        }
        List<String> want = new ArrayList<>();
        ref.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asLong()));
        List<String> tags = h.tags(0).stream().map(t -> t.offset() + " " + t.key() + " " + t.value()).sorted()
                .toList();
        assertEquals(want, tags);
    }
}

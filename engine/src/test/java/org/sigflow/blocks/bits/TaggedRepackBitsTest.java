package org.sigflow.blocks.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
 * repack_bits with a length tag key against GNU Radio 3.10's repack_bits_bb on tagged packets
 * ({@code tools/reference/gen_gnuradio_fec.py}, "repack"): 8→1, 1→8, 3→2 with and without alignment, 2→8 aligned;
 * items and length tags exact, whatever the work-call sizes.
 */
class TaggedRepackBitsTest {

    @ParameterizedTest
    @ValueSource(ints = {200, 4096})
    void repacksPacketsAsGnuRadio(int chunk) throws Exception {
        JsonNode all;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_fec.json")) {
            all = new ObjectMapper().readTree(in).get("repack");
        }
        for (JsonNode c : all) {
            String what = c.get("k") + "→" + c.get("l") + " align " + c.get("align_output");
            var block = new BitPackingFactories.RepackBits().create(new BlockSetup("r", "repack_bits", Map.of(
                    "k", Value.of(c.get("k").asLong()), "l", Value.of(c.get("l").asLong()),
                    "endianness", Value.of(c.get("endianness").asText()), "len_tag_key", Value.of("packet_len"),
                    "align_output", Value.of(c.get("align_output").asBoolean())),
                    List.of(new PortSpec("in", Dtype.U8, 1)), List.of(new PortSpec("out", Dtype.U8, 1)), null));
            byte[] x = new byte[c.get("input").size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = (byte) c.get("input").get(i).asInt();
            }
            BlockHarness h = BlockHarness.of(block).chunk(chunk).input(Dtype.U8, 1, x).output(Dtype.U8, 1);
            long at = 0;
            for (JsonNode n : c.get("lengths")) {
                h.tag(0, new Tag(at, "packet_len", n.asLong()));
                at += n.asLong();
            }
            h.run();
            byte[] want = new byte[c.get("output").size()];
            for (int i = 0; i < want.length; i++) {
                want[i] = (byte) c.get("output").get(i).asInt();
            }
            assertArrayEquals(want, java.util.Arrays.copyOf(h.bytes(0), h.produced(0)), what);
            List<String> tags = new ArrayList<>();
            c.get("tags").forEach(t -> tags.add(t.get(0).asLong() + "=" + t.get(1).asLong()));
            assertEquals(tags, h.tags(0).stream().map(t -> t.offset() + "=" + t.value()).toList(), what + " tags");
        }
    }
}

package org.sigflow.blocks.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.pdu.TagGate;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * crc32 (packed and unpacked; generate, then check with a corrupted packet dropped), tag_gate, burst_tagger and
 * repack_bits' packet mode against GNU Radio 3.10's crc32_bb, tag_gate, burst_tagger and repack_bits_bb on the same tagged bytes ({@code tools/reference/gen_gnuradio_stream_crc.py}): bytes
 * and tags exact (a tag past the last item written is not seen, as in GNU Radio's sink).
 */
class StreamCrcGnuRadioTest {
    static JsonNode ref;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = StreamCrcGnuRadioTest.class.getResourceAsStream("/reference/gnuradio_stream_crc.json")) {
            ref = new ObjectMapper().readTree(in);
        }
    }

    @Test
    void crcEqualsGnuRadios() throws Exception {
        for (String packing : List.of("packed", "unpacked")) {
            for (String mode : List.of("generate", "check")) {
                Block b = new Crc32Stream().create(new BlockSetup("c", "crc32", Map.of("check",
                        Value.of(mode.equals("check")), "lengthtagname", Value.of("packet_len"), "packed",
                        Value.of(packing.equals("packed"))), List.of(), List.of(), null));
                assertRuns(b, ref.get(packing).get(mode), packing + " " + mode);
            }
        }
    }

    @Test
    void tagGateEqualsGnuRadios() throws Exception {
        for (JsonNode c : ref.get("gate")) {
            Block b = new TagGate().create(new BlockSetup("g", "tag_gate", Map.of("type", Value.of("u8"), "vlen",
                    Value.of(1L), "propagate_tags", Value.of(c.get("propagate").asBoolean()), "single_key",
                    Value.of(c.get("single_key").asText())), List.of(), List.of(), null));
            assertRuns(b, c, "gate " + c.get("propagate") + " " + c.get("single_key"));
        }
    }

    /** repack_bits with a length tag key (packet mode): 8→3 MSB first, 8→1 LSB first, 1→8 aligned, 3→2. */
    @Test
    void repackPacketsEqualGnuRadios() throws Exception {
        JsonNode cases;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_burst.json")) {
            cases = new ObjectMapper().readTree(in).get("repack");
        }
        assertEquals(4, cases.size());
        for (JsonNode c : cases) {
            Block b = new org.sigflow.blocks.bits.BitPackingFactories.RepackBits().create(new BlockSetup("r",
                    "repack_bits", Map.of("k", Value.of(c.get("k").asLong()), "l", Value.of(c.get("l").asLong()),
                    "endianness", Value.of(c.get("msb").asBoolean() ? "msb" : "lsb"), "len_tag_key",
                    Value.of("packet_len"), "align_output", Value.of(c.get("align").asBoolean())), List.of(),
                    List.of(), null));
            assertRuns(b, c, "repack " + c.get("k") + "->" + c.get("l"));
        }
    }

    @Test
    void burstTaggerEqualsGnuRadios() throws Exception {
        JsonNode c = ref.get("burst_tagger");
        short[] trigger = new short[c.get("trigger").size()];
        float[] data = new float[trigger.length];
        for (int i = 0; i < trigger.length; i++) {
            trigger[i] = (short) c.get("trigger").get(i).asInt();
            data[i] = i;
        }
        Block b = new org.sigflow.blocks.pdu.BurstTagger().create(new BlockSetup("t", "burst_tagger", Map.of("type",
                Value.of("f32"), "true_key", Value.of("SOB"), "true_value", Value.of(true), "false_key",
                Value.of("EOB"), "false_value", Value.of(false)), List.of(), List.of(), null));
        BlockHarness h = BlockHarness.of(b).input(Dtype.F32, 1, data).input(Dtype.S16, 1, trigger)
                .output(Dtype.F32, 1).chunk(7).maxCalls(1000).run();
        assertEquals(c.get("output").size(), h.produced(0));
        List<String> want = new ArrayList<>();
        c.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asText()));
        assertEquals(want.stream().sorted().toList(), h.tags(0).stream().map(t -> t.offset() + " " + t.key() + " "
                + org.sigflow.message.PmtText.write(org.sigflow.message.TagValues.toPmt(t.value()))).sorted()
                .toList());
    }

    private static void assertRuns(Block b, JsonNode c, String name) throws Exception {
        byte[] in = new byte[c.get("input").size()];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) c.get("input").get(i).asInt();
        }
        BlockHarness h = BlockHarness.of(b).input(Dtype.U8, 1, in).output(Dtype.U8, 1).chunk(80).maxCalls(10_000);
        for (JsonNode t : c.get("tags_in")) {
            h.tag(0, new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong()));
        }
        h.run();
        JsonNode want = c.get("output");
        assertEquals(want.size(), h.produced(0), name);
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i).asInt(), h.bytes(0)[i] & 0xff, name + " byte " + i);
        }
        List<String> wantTags = new ArrayList<>();
        c.get("tags").forEach(t -> wantTags.add(t.get(0).asLong() + " " + t.get(1).asText() + " "
                + t.get(2).asLong()));
        assertEquals(wantTags.stream().sorted().toList(), h.tags(0).stream().filter(t -> t.offset() < h.produced(0))
                .map(t -> t.offset() + " " + t.key() + " " + t.value()).sorted().toList(), name + " tags");
    }
}

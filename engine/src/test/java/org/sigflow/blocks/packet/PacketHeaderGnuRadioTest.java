package org.sigflow.blocks.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.PmtText;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * packet_header_generator and packet_header_parser against GNU Radio 3.10's packet_headergenerator_bb and
 * packet_headerparser_b with packet_header_default (1, 3 and 6 bits per item; GNU Radio's 0x2F mask for 6 kept) and
 * packet_header_ofdm (tx_ofdm.grc's formatter; two symbols of three carrier sets, scrambled, 2 bits per item), on the
 * inputs of {@code tools/reference/gen_gnuradio_packet_header.py}: every item, tag and message exact, in calls of
 * 48, 61 and 1000 items (the harness gives as much output space as input, and a header needs its whole length).
 */
class PacketHeaderGnuRadioTest {
    private static JsonNode ref;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = PacketHeaderGnuRadioTest.class.getResourceAsStream(
                "/reference/gnuradio_packet_header.json")) {
            ref = new ObjectMapper().readTree(in);
        }
    }

    static BlockSetup setup(String block, JsonNode params) {
        Map<String, Value> p = new LinkedHashMap<>(Map.of("format", Value.of("default"), "header_len", Value.of(32L),
                "bits_per_byte", Value.of(1L), "n_syms", Value.of(1L), "bits_per_header_sym", Value.of(1L),
                "bits_per_payload_sym", Value.of(1L), "scramble_header", Value.of(false),
                "hdr_len_tag_key", Value.of("packet_len"), "num_tag_key", Value.of("packet_num"),
                "frame_len_tag_key", Value.of("frame_len")));
        p.put("len_tag_key", Value.of("packet_len"));
        p.put("occupied_carriers", PacketGnuRadioTest.value(new ObjectMapper().createArrayNode().add(
                new ObjectMapper().createArrayNode().add(1))));
        params.properties().forEach(e -> p.put(e.getKey(), PacketGnuRadioTest.value(e.getValue())));
        return new BlockSetup(block, block, p, List.of(), List.of(), null);
    }

    private static byte[] bytes(JsonNode values) {
        byte[] b = new byte[values.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) values.get(i).asInt();
        }
        return b;
    }

    private static List<String> tagTexts(JsonNode tags) {
        List<String> out = new ArrayList<>();
        tags.forEach(t -> out.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asLong()));
        return out.stream().sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"default_1", "default_3_short", "default_6", "ofdm_tx_ofdm", "ofdm_scrambled_sets"})
    void generatorAndParserEqualGnuRadios(String name) throws Exception {
        JsonNode c = ref.get("formats").get(name);
        JsonNode g = c.get("generator");
        for (int chunk : new int[] {48, 61, 1000}) {
            Block gen = new PacketHeaderGenerator().create(setup("packet_header_generator", c.get("params")));
            BlockHarness h = BlockHarness.of(gen).input(Dtype.U8, 1, bytes(g.get("input"))).output(Dtype.U8, 1)
                    .chunk(chunk).maxCalls(100_000);
            g.get("input_tags").forEach(t -> h.tag(0, new Tag(t.get(0).asLong(), t.get(1).asText(),
                    t.get(2).asLong())));
            h.run();
            assertEquals(g.get("items").size(), h.produced(0), name + " items, chunk " + chunk);
            byte[] out = h.bytes(0);
            for (int i = 0; i < out.length; i++) {
                assertEquals(g.get("items").get(i).asInt(), out[i] & 0xff, name + " item " + i + ", chunk " + chunk);
            }
            List<String> tags = h.tags(0).stream().map(t -> t.offset() + " " + t.key() + " " + t.value()).sorted()
                    .toList();
            assertEquals(tagTexts(g.get("tags")), tags, name + " tags, chunk " + chunk);

            JsonNode p = c.get("parser");
            Block parser = new PacketHeaderParser().create(setup("packet_header_parser", c.get("params")));
            PacketGnuRadioTest.Posts posts = new PacketGnuRadioTest.Posts();
            parser.bindMessages(posts);
            BlockHarness hp = BlockHarness.of(parser).input(Dtype.U8, 1, bytes(p.get("items"))).chunk(chunk)
                    .maxCalls(100_000);
            p.get("tags").forEach(t -> hp.tag(0, new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong())));
            hp.run();
            List<String> want = new ArrayList<>();
            p.get("messages").forEach(m -> want.add(m.asText()));
            assertEquals(want, posts.on("header_data").stream().map(PmtText::write).toList(),
                    name + " parser, chunk " + chunk);
            assertTrue(want.stream().filter(m -> !m.equals("#f")).count() >= 4, name + ": headers parsed");
        }
    }

    @Test
    void badFormatterParamsSayWhichBlock() {
        JsonNode params = new ObjectMapper().createObjectNode().put("format", "default").put("bits_per_byte", 9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PacketHeaderGenerator().create(setup("packet_header_generator", params)));
        assertEquals("packet_header_generator 'packet_header_generator': bits per byte (header symbol) must be in "
                + "[1, 8], got 9", e.getMessage());
    }
}

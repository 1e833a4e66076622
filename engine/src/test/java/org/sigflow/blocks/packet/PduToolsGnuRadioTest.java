package org.sigflow.blocks.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.pdu.PduMetadataBlocks;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;

/**
 * gr-pdu's pdu_set and pdu_split against GNU Radio 3.10 on the same PDUs ({@code
 * tools/reference/gen_gnuradio_pdu_tools.py}; serialised messages exact), and add_system_time → time_delta: the
 * time lies between the clock read before and after, the delta is at least 0 and below the test's duration;
 * pdu_to_stream's bursts and tags for PDUs queued before the start (append and drop) as GNU Radio's, exact;
 * take_skip_to_pdu's PDUs exact; tags_to_pdu's bursts (prepend, maximum size, alignment padding, a dropped burst,
 * an rx_time tag, the tail size) and detects exact.
 */
class PduToolsGnuRadioTest {
    static JsonNode ref;

    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = PduToolsGnuRadioTest.class.getResourceAsStream("/reference/gnuradio_pdu_tools.json")) {
            ref = new ObjectMapper().readTree(in);
        }
    }

    private static BlockSetup setup(String id, Map<String, Value> params) {
        return new BlockSetup(id, id, params, List.of(), List.of(), null);
    }

    @Test
    void pduSetAndSplitEqualGnuRadios() throws Exception {
        Block set = new PduMetadataBlocks.PduSet().create(setup("pdu_set", Map.of("k",
                Value.of("pmt.intern(\"KEY1\")"), "v", Value.of("pmt.from_double(1.5)"))));
        PacketGnuRadioTest.assertPdus(ref.get("set").get("pdus"), PacketGnuRadioTest.feed(set, "pdus",
                ref.get("pdus")).on("pdus"), "pdu_set");
        for (String name : List.of("split", "split_empty")) {
            Block split = new PduMetadataBlocks.PduSplit().create(setup("pdu_split", Map.of("pass_empty",
                    Value.of(name.equals("split_empty")))));
            PacketGnuRadioTest.Posts posts = PacketGnuRadioTest.feed(split, "pdu", ref.get("pdus"));
            PacketGnuRadioTest.assertPdus(ref.get(name).get("dict"), posts.on("dict"), name + " dict");
            PacketGnuRadioTest.assertPdus(ref.get(name).get("vec"), posts.on("vec"), name + " vec");
        }
    }

    @Test
    void systemTimeAndDelta() throws Exception {
        Block add = new PduMetadataBlocks.AddSystemTime().create(setup("add_system_time", Map.of("key",
                Value.of("pmt.intern(\"SYS_TIME\")"))));
        Block delta = new PduMetadataBlocks.TimeDelta().create(setup("time_delta", Map.of("delta_key",
                Value.of("pmt.intern(\"ms\")"), "time_key", Value.of("pmt.intern(\"SYS_TIME\")"))));
        double before = System.currentTimeMillis() / 1000.0;
        PacketGnuRadioTest.Posts added = PacketGnuRadioTest.feed(add, "pdu", ref.get("pdus"));
        double after = System.currentTimeMillis() / 1000.0;
        assertEquals(3, added.on("pdu").size());
        PacketGnuRadioTest.Posts deltas = new PacketGnuRadioTest.Posts();
        delta.bindMessages(deltas);
        for (Pmt p : added.on("pdu")) {
            double t = ((Pmt.Real) ((Pmt.Dict) ((Pmt.Pair) p).car()).get(Pmt.symbol("SYS_TIME"))).value();
            assertTrue(t >= before - 0.001 && t <= after + 0.001, t + " not in [" + before + ", " + after + "]");
            delta.handleMessage("pdu", p);
        }
        double end = System.currentTimeMillis() / 1000.0;
        delta.handleMessage("pdu", ((Pmt.Pair) PacketGnuRadioTest.pmt(ref.get("pdus").get(0))));  // no time: dropped
        assertEquals(3, deltas.on("pdu").size());
        for (Pmt p : deltas.on("pdu")) {
            double ms = ((Pmt.Real) ((Pmt.Dict) ((Pmt.Pair) p).car()).get(Pmt.symbol("ms"))).value();
            assertTrue(ms >= -1 && ms <= (end - before) * 1000 + 1, "delta " + ms);
        }
    }

    @Test
    void pduToStreamEqualsGnuRadios() throws Exception {
        for (String mode : List.of("append", "drop")) {
            JsonNode c = ref.get("to_stream_" + mode);
            Block b = new org.sigflow.blocks.pdu.PduToStream().create(setup("pdu_to_stream", Map.of("type",
                    Value.of("f32"), "early_behavior", Value.of(mode), "depth", Value.of(64L))));
            for (JsonNode m : c.get("pdus")) {
                b.handleMessage("pdus", PacketGnuRadioTest.pmt(m));
            }
            org.sigflow.runtime.BlockHarness h = org.sigflow.runtime.BlockHarness.of(b)
                    .output(org.sigflow.catalog.Dtype.F32, 1).chunk(4).maxCalls(20).run();
            JsonNode want = c.get("output");
            assertEquals(want.size(), h.produced(0), mode);
            for (int i = 0; i < want.size(); i++) {
                assertEquals(want.get(i).asDouble(), h.floats(0)[i], 0, mode + " item " + i);
            }
            java.util.List<String> wantTags = new java.util.ArrayList<>();
            c.get("tags").forEach(t -> wantTags.add(t.get(0).asLong() + " " + t.get(1).asText() + " "
                    + t.get(2).asText()));
            assertEquals(wantTags.stream().sorted().toList(), h.tags(0).stream().map(t -> t.offset() + " " + t.key()
                    + " " + org.sigflow.message.PmtText.write(org.sigflow.message.TagValues.toPmt(t.value())))
                    .sorted().toList(), mode + " tags");
        }
    }

    @Test
    void takeSkipEqualsGnuRadios() throws Exception {
        for (JsonNode c : ref.get("take_skip")) {
            Block b = new org.sigflow.blocks.pdu.TakeSkipToPdu().create(setup("take_skip_to_pdu", Map.of("type",
                    Value.of("s16"), "take", Value.of(c.get("take").asLong()), "skip", Value.of(c.get("skip").asLong()))));
            PacketGnuRadioTest.Posts posts = new PacketGnuRadioTest.Posts();
            b.bindMessages(posts);
            short[] in = new short[50];
            for (int i = 0; i < in.length; i++) {
                in[i] = (short) i;
            }
            org.sigflow.runtime.BlockHarness.of(b).input(org.sigflow.catalog.Dtype.S16, 1, in).chunk(6).run();
            PacketGnuRadioTest.assertPdus(c.get("pdus"), posts.on("pdus"), "take " + c.get("take") + " skip "
                    + c.get("skip"));
        }
    }

    @Test
    void tagsToPduEqualsGnuRadios() throws Exception {
        JsonNode c = ref.get("tags_to_pdu");
        Block b = new org.sigflow.blocks.pdu.TagsToPdu().create(setup("tags_to_pdu", Map.ofEntries(
                Map.entry("type", Value.of("f32")), Map.entry("start_tag", Value.of("SOB")),
                Map.entry("end_tag", Value.of("EOB")), Map.entry("max_pdu_size", Value.of(9L)),
                Map.entry("rate", Value.of(1000.0)), Map.entry("prepend", new Value.ListValue(List.of(
                        Value.of(100.0), Value.of(101.0)))), Map.entry("pub_det", Value.of(true)),
                Map.entry("tail_size", Value.of(3L)), Map.entry("eob_alignment", Value.of(4L)),
                Map.entry("eob_offset", Value.of(1L)), Map.entry("start_time", Value.of(2.75)),
                Map.entry("boost_time", Value.of(false)))));
        PacketGnuRadioTest.Posts posts = new PacketGnuRadioTest.Posts();
        b.bindMessages(posts);
        float[] in = new float[70];
        for (int i = 0; i < in.length; i++) {
            in[i] = i;
        }
        org.sigflow.runtime.BlockHarness h = org.sigflow.runtime.BlockHarness.of(b)
                .input(org.sigflow.catalog.Dtype.F32, 1, in).chunk(5);
        for (JsonNode t : c.get("tags")) {
            h.tag(0, new org.sigflow.runtime.Tag(t.get(0).asLong(), t.get(1).asText(), Boolean.TRUE));
        }
        h.tag(0, new org.sigflow.runtime.Tag(30, "rx_time", List.of(7L, 0.5)));
        h.run();
        PacketGnuRadioTest.assertPdus(c.get("pdus"), posts.on("pdus"), "pdus");
        PacketGnuRadioTest.assertPdus(c.get("detects"), posts.on("detects"), "detects");
    }
}

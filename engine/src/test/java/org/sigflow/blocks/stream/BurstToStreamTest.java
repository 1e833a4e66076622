package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * burst_to_stream against GNU Radio 3.11's definition (gr-blocks/lib/burst_to_stream_impl.cc; GNU Radio 3.10 has no
 * such block, so no samples of its own): the output is the packets in order, each one unbroken, with zeros only
 * between packets where the input ran dry; tags move with their items when asked (qa_burst_to_stream's check: the
 * length tag sits on the packet's first output item), none otherwise.
 */
class BurstToStreamTest {
    private static final int[] LENGTHS = {100, 37, 250, 1, 64};

    @TempDir
    Path tmp;

    private static BlockHarness run(boolean propagate, int[] tagged) throws Exception {
        int total = java.util.Arrays.stream(LENGTHS).sum();
        float[] x = new float[total];
        for (int i = 0; i < total; i++) {
            x[i] = i + 1;                                 // no zero inside a packet: zeros in the output are fill
        }
        var block = new BurstToStream().create(new BlockSetup("b", "burst_to_stream", Map.of("type", Value.of("f32"),
                "vlen", Value.of(1L), "len_tag_key", Value.of("packet_len"), "propagate_tags", Value.of(propagate)),
                List.of(new PortSpec("in", Dtype.F32, 1)), List.of(new PortSpec("out", Dtype.F32, 1)), null));
        // input arrives 50 items every fourth call (or when the block waits) while the output takes 50 a call: it runs
        // dry between packets
        BlockHarness h = BlockHarness.of(block).chunk(50).feedEvery(4).input(Dtype.F32, 1, x).output(Dtype.F32, 1);
        long at = 0;
        for (int p = 0; p < tagged.length; p++) {
            h.tag(0, new Tag(at, "packet_len", (long) tagged[p]));
            if (p == 2) {
                h.tag(0, new Tag(at + 7, "mark", "inside"));
            }
            at += tagged[p];
        }
        return h.run();
    }

    @Test
    void packetsStayWholeWithZerosBetweenAndTagsFollowTheirItems() throws Exception {
        BlockHarness h = run(true, LENGTHS);
        assertTrue(h.finishedByItself(), "ends when its input has ended");
        float[] y = java.util.Arrays.copyOf(h.floats(0), h.produced(0));
        List<Integer> where = new ArrayList<>();        // output index of input item i
        for (int i = 0; i < y.length; i++) {
            if (y[i] != 0) {
                assertEquals(where.size() + 1, y[i], 0f, "input items in order, none lost or repeated");
                where.add(i);
            }
        }
        assertEquals(java.util.Arrays.stream(LENGTHS).sum(), where.size());
        assertTrue(y.length > where.size(), "zeros were put where the input ran dry");
        List<String> want = new ArrayList<>();
        int first = 0;
        for (int p = 0; p < LENGTHS.length; p++) {
            int last = first + LENGTHS[p] - 1;
            assertEquals(LENGTHS[p] - 1, where.get(last) - where.get(first), "packet " + p + " unbroken");
            want.add(where.get(first) + " packet_len " + LENGTHS[p]);
            if (p == 2) {
                want.add(where.get(first + 7) + " mark inside");
            }
            first = last + 1;
        }
        assertEquals(want, h.tags(0).stream().map(t -> t.offset() + " " + t.key() + " " + t.value()).toList());
    }

    @Test
    void withoutPropagationNoTagIsPassed() throws Exception {
        assertEquals(List.of(), run(false, LENGTHS).tags(0));
    }

    @Test
    void anItemThatShouldStartAPacketWithoutLengthTagIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(true, new int[] {100, 37}));
        assertEquals("block 'b' (burst_to_stream): item 137 starts a packet but has no length tag 'packet_len' (a "
                + "tagged stream is expected, e.g. from stream_to_tagged_stream)", e.getMessage());
    }

    /** burst_to_stream.grc's chain, headless: imported from GRC, it runs to its end and keeps the packets whole. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void importedFromGrcItRunsAndKeepsThePackets() throws Exception {
        StringBuilder v = new StringBuilder("[");
        for (int i = 1; i <= 1000; i++) {
            v.append(i).append(i < 1000 ? ", " : "]");
        }
        String grc = """
                options:
                  parameters: {generate_options: no_gui, id: b2s}
                blocks:
                - {name: src, id: blocks_vector_source_x, parameters: {type: float, vector: '%s', repeat: 'False', tags: '[]', vlen: '1'}}
                - {name: tagger, id: blocks_stream_to_tagged_stream, parameters: {type: float, vlen: '1', packet_len: '100', len_tag_key: '"packet_len"'}}
                - {name: b2s, id: blocks_burst_to_stream, parameters: {type: float, vlen: '1', len_tag_key: '"packet_len"', propagate_tags: 'True'}}
                - {name: sink, id: blocks_file_sink, parameters: {type: float, file: out.f32, append: 'False', unbuffered: 'False', vlen: '1'}}
                connections:
                - [src, '0', tagger, '0']
                - [tagger, '0', b2s, '0']
                - [b2s, '0', sink, '0']
                metadata: {file_format: 1}
                """.formatted(v);
        Files.writeString(tmp.resolve("b2s.grc"), grc);
        Engine engine = Engine.loadDefault();
        OpenedGraph g = engine.open(tmp.resolve("b2s.grc"), Map.of());
        assertTrue(g.warnings().getFirst().contains("(complete)"), String.join("\n", g.warnings()));
        try (RunningGraph r = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, r.await().kind());
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(tmp.resolve("out.f32"))).order(ByteOrder.LITTLE_ENDIAN);
        float[] y = new float[b.capacity() / 4];
        b.asFloatBuffer().get(y);
        int next = 1;
        int packetStart = -1;
        for (int i = 0; i < y.length; i++) {
            if (y[i] != 0) {
                assertEquals(next, y[i], 0f, "item " + i);
                if ((next - 1) % 100 == 0) {
                    packetStart = i;
                }
                assertEquals((next - 1) % 100, i - packetStart, "packet of item " + next + " unbroken");
                next++;
            }
        }
        assertEquals(1001, next, "every item arrived");
    }
}

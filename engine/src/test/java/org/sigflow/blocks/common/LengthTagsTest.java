package org.sigflow.blocks.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.pdu.TaggedStreamMux;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.Tag;

/**
 * The length-tag reader the tagged-stream blocks share: a packet without its length tag, or with a count out of
 * range, stops the block with a message naming it, the item and the key (shown through tagged_stream_mux).
 */
class LengthTagsTest {
    private static Block mux() {
        PortSpec port = new PortSpec("in", Dtype.U8, 1);
        return new TaggedStreamMux().create(new BlockSetup("m", "tagged_stream_mux", Map.of("type", Value.of("u8"),
                "ninputs", Value.of(1), "lengthtagname", Value.of("packet_len"), "vlen", Value.of(1),
                "tag_preserve_head_pos", Value.of(0)), List.of(port), List.of(new PortSpec("out", Dtype.U8, 1)),
                null));
    }

    @Test
    void aPacketWithoutItsLengthTagIsNamed() {
        BlockHarness h = BlockHarness.of(mux()).input(Dtype.U8, 1, new byte[] {1, 2, 3}).output(Dtype.U8, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, h::run);
        assertEquals("tagged_stream_mux input 0: item 0 starts a packet but has no length tag 'packet_len' (a tagged "
                + "stream is expected, e.g. from stream_to_tagged_stream)", e.getMessage());
    }

    @Test
    void aLengthOutOfRangeIsRefusedWithItsValue() {
        BlockHarness h = BlockHarness.of(mux()).input(Dtype.U8, 1, new byte[] {1, 2, 3})
                .tag(0, new Tag(0, "packet_len", 0L)).output(Dtype.U8, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, h::run);
        assertEquals("tagged_stream_mux input 0: length tag 'packet_len' at item 0 must be an item count from 1 to "
                + "67108864, got 0", e.getMessage());
    }

    @Test
    void aTaggedPacketIsPassedWhole() throws Exception {
        BlockHarness h = BlockHarness.of(mux()).input(Dtype.U8, 1, new byte[] {7, 8, 9})
                .tag(0, new Tag(0, "packet_len", 3L)).output(Dtype.U8, 1).run();
        assertEquals(3, h.produced(0));
        assertEquals(List.of(new Tag(0, "packet_len", 3L)), h.tags(0));
    }
}

package org.sigflow.blocks.pdu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;

/**
 * GNU Radio's Qt sinks take "either a PDU or a uniform vector of samples" on their message input (checked with GNU
 * Radio 3.10: a bare u8vector into {@code time_raster_sink_b} is plotted, a symbol is refused with that message), so
 * the {@code pdu_to_tagged_stream} the importer puts in front of a message-fed sink takes bare vectors when asked.
 */
class PduToTaggedStreamBareVectorsTest {
    private static final Pmt.Uniform BYTES = new Pmt.Uniform(UniformKind.U8, new byte[] {1, 2, 3});

    @Test
    void aBareVectorIsAPduWithNoMetadataWhenAsked() {
        var block = new PduToTaggedStream.ToStream(Dtype.U8, "packet_len", true);
        block.handleMessage("pdus", BYTES);
        assertTrue(block.readyForMessages());
        var refusing = new PduToTaggedStream.ToStream(Dtype.U8, "packet_len", false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> refusing.handleMessage("pdus", BYTES));
        assertTrue(e.getMessage().contains("is not a PDU"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> block.handleMessage("pdus", new Pmt.Symbol("x")));
        assertEquals(3, BYTES.length());
    }
}

package org.sigflow.blocks.packet;

import org.sigflow.message.Pmt;

/**
 * A packet header format of GNU Radio's {@code gr::digital::header_format_*}: builds the header bytes of a payload
 * (transmit side) and recognises headers in a bit stream (receive side). Each block holds its own instance.
 */
interface HeaderFormat {
    /** Bytes of one header. */
    int headerBytes();

    /** The header of a payload of {@code payloadBytes} bytes (advances the format's packet counter, if any). */
    byte[] format(int payloadBytes);

    /**
     * Feeds one received bit (its lowest bit counts); returns {@code null} while no header is complete, else the
     * header's info dict, or {@link Pmt#FALSE} for a header whose check failed.
     */
    Pmt parseBit(int bit);
}

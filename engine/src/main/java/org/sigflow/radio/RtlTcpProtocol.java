package org.sigflow.radio;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The rtl_tcp wire protocol (librtlsdr's {@code rtl_tcp.c}): on connect the server sends a 12-byte dongle info
 * header — {@code "RTL0"}, the tuner type and the tuner's gain count, both big-endian uint32 — then streams
 * interleaved unsigned 8-bit I/Q. The client sends 5-byte commands: a command byte and a big-endian uint32.
 */
public final class RtlTcpProtocol {
    public static final int HEADER_BYTES = 12;
    public static final int COMMAND_BYTES = 5;
    public static final String MAGIC = "RTL0";

    public static final int SET_FREQUENCY = 0x01;
    public static final int SET_SAMPLE_RATE = 0x02;
    /** 0 = tuner AGC (automatic gain), 1 = manual gain. */
    public static final int SET_GAIN_MODE = 0x03;
    /** Tuner gain in tenths of a dB. */
    public static final int SET_GAIN = 0x04;
    /** Frequency correction in ppm (signed, sent as its two's complement). */
    public static final int SET_FREQ_CORRECTION = 0x05;
    /** RTL2832's digital AGC: 1 on, 0 off. */
    public static final int SET_AGC_MODE = 0x08;
    public static final int SET_DIRECT_SAMPLING = 0x09;
    public static final int SET_BIAS_TEE = 0x0e;

    private static final String[] TUNERS = {"unknown", "E4000", "FC0012", "FC0013", "FC2580", "R820T", "R828D"};

    private RtlTcpProtocol() {}

    /** The dongle info header. */
    public record DongleInfo(int tunerType, int gainCount) {
        public String tunerName() {
            return tunerType >= 0 && tunerType < TUNERS.length ? TUNERS[tunerType] : "type " + tunerType;
        }
    }

    /** Parses the 12-byte header; null when it does not start with {@code RTL0} (not an rtl_tcp server). */
    public static DongleInfo parseHeader(byte[] header) {
        if (!new String(header, 0, 4, StandardCharsets.US_ASCII).equals(MAGIC)) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(header); // big-endian, network order
        return new DongleInfo(b.getInt(4), b.getInt(8));
    }

    public static byte[] header(DongleInfo info) {
        return ByteBuffer.allocate(HEADER_BYTES).put(MAGIC.getBytes(StandardCharsets.US_ASCII))
                .putInt(info.tunerType()).putInt(info.gainCount()).array();
    }

    public static byte[] command(int command, long param) {
        return ByteBuffer.allocate(COMMAND_BYTES).put((byte) command).putInt((int) param).array();
    }
}

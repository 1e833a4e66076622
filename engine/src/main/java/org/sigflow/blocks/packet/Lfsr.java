package org.sigflow.blocks.packet;

/** GNU Radio's {@code gr::digital::lfsr} (Fibonacci form): outputs the register's lowest bit, feeds back the parity of register & mask at bit {@code length}. */
final class Lfsr {
    private final long mask;
    private final int length;
    private long register;

    Lfsr(long mask, long seed, int length) {
        this.mask = mask;
        this.register = seed;
        this.length = length;
    }

    int nextBit() {
        int out = (int) (register & 1);
        long newBit = Long.bitCount(register & mask) & 1;
        register = register >>> 1 | newBit << length;
        return out;
    }
}

package org.sigflow.blocks.bits;

import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * Re-chunks a bit stream carried in bytes: reads {@code inBits} bits from each input byte and writes {@code outBits}
 * bits into each output byte, both in the given bit order (MSB first: from bit {@code n-1} down; LSB first: from bit
 * 0 up). Every step moves {@code lcm(inBits, outBits)} bits, so no state crosses a step. GNU Radio's
 * {@code repack_bits_bb}, {@code packed_to_unpacked_bb}, {@code unpacked_to_packed_bb}, {@code pack_k_bits_bb} and
 * {@code unpack_k_bits_bb} are all this with particular sizes and orders.
 */
final class BitRepacker extends SyncBlock {
    private final int inBits;
    private final boolean inMsbFirst;
    private final int outBits;
    private final boolean outMsbFirst;

    BitRepacker(int inBits, boolean inMsbFirst, int outBits, boolean outMsbFirst) {
        super(outBits / gcd(inBits, outBits), inBits / gcd(inBits, outBits));
        this.inBits = inBits;
        this.inMsbFirst = inMsbFirst;
        this.outBits = outBits;
        this.outMsbFirst = outMsbFirst;
    }

    static BitRepacker checked(String what, int inBits, boolean inMsbFirst, int outBits, boolean outMsbFirst) {
        if (inBits < 1 || inBits > 8 || outBits < 1 || outBits > 8) {
            throw new IllegalArgumentException(what + ": bits per byte must be 1 to 8, got " + inBits + " and "
                    + outBits);
        }
        return new BitRepacker(inBits, inMsbFirst, outBits, outMsbFirst);
    }

    @Override
    protected void process(WorkIo io, int steps) {
        byte[] in = io.in(0).bytes();
        byte[] out = io.out(0).bytes();
        int ip = io.in(0).offset();
        int op = io.out(0).offset();
        int inCount = steps * decimation();
        int outCount = steps * interpolation();
        java.util.Arrays.fill(out, op, op + outCount, (byte) 0);
        int ob = 0;
        for (int i = 0; i < inCount; i++) {
            int v = in[ip + i];
            for (int b = 0; b < inBits; b++) {
                int bit = (v >> (inMsbFirst ? inBits - 1 - b : b)) & 1;
                out[op] |= (byte) (bit << (outMsbFirst ? outBits - 1 - ob : ob));
                if (++ob == outBits) {
                    ob = 0;
                    op++;
                }
            }
        }
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}

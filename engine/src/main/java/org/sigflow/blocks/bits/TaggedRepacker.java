package org.sigflow.blocks.bits;

import org.sigflow.blocks.common.WholePacketBlock;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;

/**
 * {@code repack_bits} with a length tag key: GNU Radio's packet mode. Each packet of n bytes is repacked on its own
 * (k bits read per input byte, l written per output byte, in the given order) into n·k/l bytes, rounded up (the
 * last byte padded with zeros) unless {@code align_output} drops the incomplete byte; the output length tag counts
 * them. Other tags go to output item floor(offset·k/l + 1/2), as GNU Radio's rate-based propagation, but not before
 * the packet's first output item (where GNU Radio's rounding puts one there, it lands on that item).
 */
final class TaggedRepacker extends WholePacketBlock {
    private final int k;
    private final int l;
    private final boolean msb;
    private final boolean align;

    TaggedRepacker(int k, int l, boolean msb, String key, boolean align) {
        super(key, "repack_bits");
        this.k = k;
        this.l = l;
        this.msb = msb;
        this.align = align;
    }

    @Override
    protected void packet(WorkIo io, InputView in, OutputView out, int n) {
        long bits = (long) n * k;
        int produced = (int) (bits / l + (bits % l != 0 && !align ? 1 : 0));
        if (out.space() < produced) {
            return;
        }
        byte[] src = in.bytes();
        byte[] dst = out.bytes();
        int i0 = in.offset();
        int o0 = out.offset();
        java.util.Arrays.fill(dst, o0, o0 + produced, (byte) 0);
        for (long b = 0; b < (long) produced * l && b < bits; b++) {
            int inByte = (int) (b / k);
            int inBit = (int) (b % k);
            int bit = src[i0 + inByte] >> (msb ? k - 1 - inBit : inBit) & 1;
            int outByte = (int) (b / l);
            int outBit = (int) (b % l);
            dst[o0 + outByte] |= (byte) (bit << (msb ? l - 1 - outBit : outBit));
        }
        out.addTag(out.position(), key, (long) produced);
        for (Tag t : in.tags(n)) {
            if (!t.key().equals(key)) {
                long at = Math.floorDiv(2 * t.offset() * k + l, 2L * l);
                out.addTag(Math.max(out.position(), at), t.key(), t.value());   // never before the packet's output
            }
        }
        io.consume(0, n);
        io.produce(0, produced);
    }
}

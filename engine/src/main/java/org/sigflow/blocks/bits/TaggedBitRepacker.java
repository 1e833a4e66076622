package org.sigflow.blocks.bits;

import org.sigflow.blocks.common.LengthTags;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * GNU Radio's {@code repack_bits_bb} with a length tag key: each tagged packet of n bytes is repacked on its own
 * into n·k/l bytes (one more for leftover bits unless {@code align_output}, which drops them), and gets a length tag
 * of that count. As GNU Radio's, the bit positions within a byte carry from packet to packet where a packet does not
 * end on a whole input byte. Other tags of the packet go to output offset floor(offset·k/l + ½), as GNU Radio's
 * propagation does, never before the packet's first output item. At the end of a finite stream, a last packet
 * whose input is less than one output item is dropped, as GNU Radio's scheduler does.
 */
final class TaggedBitRepacker implements Block {
    private final int k;
    private final int l;
    private final boolean msbFirst;
    private final boolean alignOutput;
    private final String key;
    private int inIndex;
    private int outIndex;

    TaggedBitRepacker(int k, int l, boolean msbFirst, boolean alignOutput, String key) {
        this.k = k;
        this.l = l;
        this.msbFirst = msbFirst;
        this.alignOutput = alignOutput;
        this.key = key;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView iv = io.in(0);
        OutputView ov = io.out(0);
        if (iv.available() == 0 || iv.finished() && (long) iv.available() * k / l == 0) {
            // GNU Radio's scheduler, at the end of a stream, asks for available × k/l outputs: none, so it ends
            return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int n = LengthTags.at(iv, key, 1, "repack_bits");
        int m = n * k / l + (!alignOutput && n * k % l != 0 ? 1 : 0);
        if (iv.available() < n) {
            return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        if (ov.space() < m) {
            return WorkResult.CONTINUE;
        }
        byte[] in = iv.bytes();
        byte[] out = ov.bytes();
        int ip = iv.offset();
        int op = ov.offset();
        int read = 0;
        int written = 0;
        while (written < m && read < n) {
            if (outIndex == 0) {
                out[op + written] = 0;
            }
            int bit = (in[ip + read] >> (msbFirst ? k - 1 - inIndex : inIndex)) & 1;
            out[op + written] |= (byte) (bit << (msbFirst ? l - 1 - outIndex : outIndex));
            inIndex = (inIndex + 1) % k;
            outIndex = (outIndex + 1) % l;
            if (inIndex == 0) {
                read++;
            }
            if (outIndex == 0) {
                written++;
            }
        }
        if (outIndex != 0) {
            written++;
            outIndex = 0;
        }
        if (written > 0) {                       // an empty packet leaves no item to carry its tag
            ov.addTag(ov.position(), key, (long) written);
        }
        for (Tag t : iv.tags(n)) {               // the packet's other tags, at the stream's rate k/l, as GNU Radio's
            if (!t.key().equals(key)) {
                long at = Math.floorDiv(2 * t.offset() * k + l, 2L * l);
                ov.addTag(Math.max(ov.position(), at), t.key(), t.value());  // never before the packet's output
            }
        }
        io.consume(0, n);
        io.produce(0, written);
        return WorkResult.CONTINUE;
    }

    @Override
    public int inputMultiple() {
        return 1 << 14;
    }

    @Override
    public int outputMultiple() {
        return (1 << 14) * 8;
    }

    @Override
    public double relativeRate() {
        return (double) k / l;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }
}

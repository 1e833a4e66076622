package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code additive_scrambler}: GNU Radio's {@code additive_scrambler_bb}. Each byte is XORed with the next
 * bits_per_byte bits of an LFSR (mask, seed, length; first bit lowest); the LFSR goes back to its seed on each item
 * tagged reset_tag_key, or, without a key, every count bytes (count 0: never). Descrambling is the same operation.
 * Tags pass through.
 */
@AutoService(BlockFactory.class)
public final class AdditiveScrambler implements BlockFactory {

    @Override
    public String id() {
        return "additive_scrambler";
    }

    @Override
    public Block create(BlockSetup s) {
        String who = "additive_scrambler '" + s.instanceId() + "'";
        int len = s.integer("len");
        int bits = s.integer("bits_per_byte");
        long count = s.integer("count");
        if (len < 1 || len > 63 || bits < 1 || bits > 8 || count < 0) {
            throw new IllegalArgumentException(who + ": the LFSR length must be 1 to 63, bits per byte 1 to 8 and "
                    + "the count 0 or more (got " + len + ", " + bits + ", " + count + ")");
        }
        return new Scrambler(s.integer("mask"), s.integer("seed"), len, count, bits, s.string("reset_tag_key"));
    }

    static final class Scrambler implements Block {
        private final long mask;
        private final long seed;
        private final int len;
        private final long count;
        private final int bits;
        private final String key;
        private Lfsr lfsr;
        private long bytes;

        Scrambler(long mask, long seed, int len, long count, int bits, String key) {
            this.mask = mask;
            this.seed = seed;
            this.len = len;
            this.count = count;
            this.bits = bits;
            this.key = key;
            this.lfsr = new Lfsr(mask, seed, len);
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            OutputView out = io.out(0);
            int n = Math.min(in.available(), out.space());
            if (n == 0) {
                return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            java.util.Set<Long> resets = new java.util.HashSet<>();
            if (!key.isEmpty()) {
                for (Tag t : in.tags(n)) {
                    if (t.key().equals(key)) {
                        resets.add(t.offset());
                    }
                }
            }
            byte[] x = in.bytes();
            byte[] y = out.bytes();
            for (int i = 0; i < n; i++) {
                boolean reset = key.isEmpty() ? count > 0 && bytes == count : resets.contains(in.position() + i);
                if (reset) {
                    lfsr = new Lfsr(mask, seed, len);
                    bytes = 0;
                }
                int scramble = 0;
                for (int k = 0; k < bits; k++) {
                    scramble ^= lfsr.nextBit() << k;
                }
                y[out.offset() + i] = (byte) (x[in.offset() + i] ^ scramble);
                bytes++;
            }
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}

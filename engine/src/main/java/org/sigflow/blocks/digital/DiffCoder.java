package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code diff_encoder} and {@code diff_decoder}: GNU Radio's {@code diff_encoder_bb} / {@code diff_decoder_bb}.
 * Differential: out = (in + previous out) mod M, and back out = (in − previous in) mod M — GNU Radio takes that
 * remainder of the difference as an unsigned 32-bit number, which is the true residue only for a power-of-two M;
 * the same here. NRZI (M = 2): out = NOT(in XOR previous), both ways. The previous item starts at 0.
 */
final class DiffCoder extends SyncBlock {
    private final boolean decode;
    private final boolean nrzi;
    private final int modulus;
    private int last;

    DiffCoder(boolean decode, boolean nrzi, int modulus) {
        this.decode = decode;
        this.nrzi = nrzi;
        this.modulus = modulus;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        byte[] in = io.in(0).bytes();
        byte[] out = io.out(0).bytes();
        int ip = io.in(0).offset();
        int op = io.out(0).offset();
        for (int i = 0; i < steps; i++) {
            int x = in[ip + i] & 0xff;
            int y;
            if (nrzi) {
                y = ~(x ^ last) & 1;
            } else if (modulus == 2) {
                y = (x ^ last) & 1;
            } else if (decode) {
                y = Integer.remainderUnsigned(x - last, modulus);
            } else {
                y = Integer.remainderUnsigned(x + last, modulus);
            }
            out[op + i] = (byte) y;
            last = decode ? x : y & 0xff;
        }
    }

    private static DiffCoder create(BlockSetup s, boolean decode) {
        boolean nrzi = s.string("coding").equals("nrzi");
        int modulus = nrzi ? 2 : s.integer("modulus");
        if (modulus < 1) {
            throw new IllegalArgumentException((decode ? "diff_decoder '" : "diff_encoder '") + s.instanceId()
                    + "': modulus must be >= 1, got " + modulus);
        }
        return new DiffCoder(decode, nrzi, modulus);
    }

    @AutoService(BlockFactory.class)
    public static final class Encoder implements BlockFactory {
        @Override
        public String id() {
            return "diff_encoder";
        }

        @Override
        public DiffCoder create(BlockSetup s) {
            return DiffCoder.create(s, false);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Decoder implements BlockFactory {
        @Override
        public String id() {
            return "diff_decoder";
        }

        @Override
        public DiffCoder create(BlockSetup s) {
            return DiffCoder.create(s, true);
        }
    }
}

package org.sigflow.blocks.bits;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code and}, {@code or}, {@code xor} of all inputs, or {@code not} of one, element by element (u8 or s16). */
final class BitwiseBlock extends SyncBlock {
    enum Op { AND, OR, XOR, NOT }

    private final Op op;
    private final boolean shorts;
    private final int elements;

    BitwiseBlock(Op op, boolean shorts, int elements) {
        this.op = op;
        this.shorts = shorts;
        this.elements = elements;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int n = steps * elements;
        int oo = io.out(0).offset();
        for (int k = 0; k < n; k++) {
            int acc = element(io, 0, k);
            for (int i = 1; i < io.inputCount(); i++) {
                int v = element(io, i, k);
                acc = switch (op) {
                    case AND -> acc & v;
                    case OR -> acc | v;
                    default -> acc ^ v;
                };
            }
            if (op == Op.NOT) {
                acc = ~acc;
            }
            if (shorts) {
                io.out(0).shorts()[oo + k] = (short) acc;
            } else {
                io.out(0).bytes()[oo + k] = (byte) acc;
            }
        }
    }

    private int element(WorkIo io, int input, int k) {
        int at = io.in(input).offset() + k;
        return shorts ? io.in(input).shorts()[at] : io.in(input).bytes()[at];
    }

    abstract static class Factory implements BlockFactory {
        private final Op op;

        Factory(Op op) {
            this.op = op;
        }

        @Override
        public final String id() {
            return op.name().toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public final Block create(BlockSetup s) {
            Dtype type = StreamType.dtype(s, Dtype.U8, Dtype.S16);
            return new BitwiseBlock(op, type == Dtype.S16, StreamType.vlen(s));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class AndFactory extends Factory {
        public AndFactory() {
            super(Op.AND);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class OrFactory extends Factory {
        public OrFactory() {
            super(Op.OR);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class XorFactory extends Factory {
        public XorFactory() {
            super(Op.XOR);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class NotFactory extends Factory {
        public NotFactory() {
            super(Op.NOT);
        }
    }
}

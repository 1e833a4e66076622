package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code block_interleaver}: GNU Radio's {@code blockinterleaver_xx}. Each block of L items (L = the number of
 * indices) is permuted: interleaving puts input item {@code indices[i]} at output {@code i}, deinterleaving input
 * {@code i} at output {@code indices[i]}. Packed bytes: a block is L/8 bytes whose bits (most significant first)
 * are permuted.
 */
@AutoService(BlockFactory.class)
public final class BlockInterleaver implements BlockFactory {

    @Override
    public String id() {
        return "block_interleaver";
    }

    @Override
    public Block create(BlockSetup s) {
        return permuting(StreamType.dtype(s), 1, order(s), s.bool("packed"));
    }

    /**
     * A block that permutes each run of {@code order.length} items (or bits of packed bytes): output position i
     * takes input position {@code order[i]}.
     */
    static Block permuting(Dtype dtype, int vlen, int[] order, boolean packedBits) {
        boolean packed = packedBits && dtype == Dtype.U8;
        if (packed && order.length % 8 != 0) {
            throw new IllegalArgumentException("block_interleaver: packed bytes need a number of indices divisible "
                    + "by 8, got " + order.length);
        }
        int step = packed ? order.length / 8 : order.length;
        int elements = dtype.components() * vlen;
        Dtype.Storage storage = dtype.storage();
        return new SyncBlock(step, step) {
            @Override
            protected void process(WorkIo io, int steps) {
                for (int k = 0; k < steps; k++) {
                    if (packed) {
                        permuteBits(io, k * step, order);
                        continue;
                    }
                    for (int i = 0; i < order.length; i++) {
                        Items.copy(storage, io.in(0), (k * step + order[i]) * elements, io.out(0),
                                (k * step + i) * elements, elements);
                    }
                }
            }
        };
    }

    /** Output position i takes input position {@code order[i]}: the indices, or their inverse to deinterleave. */
    private static int[] order(BlockSetup s) {
        List<Value> items = s.param("indices").asList();
        int n = items.size();
        if (n == 0) {
            throw new IllegalArgumentException("block_interleaver: the indices must not be empty");
        }
        int[] indices = new int[n];
        int[] inverse = new int[n];
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
            double v = items.get(i).asDouble();
            if (v < 0 || v >= n || v != Math.rint(v) || seen[(int) v]) {
                throw new IllegalArgumentException("block_interleaver: the indices must be 0 … " + (n - 1)
                        + ", each once; index " + i + " is " + items.get(i).display());
            }
            indices[i] = (int) v;
            seen[indices[i]] = true;
            inverse[indices[i]] = i;
        }
        return s.string("mode").equals("interleave") ? indices : inverse;
    }

    private static void permuteBits(WorkIo io, int itemOffset, int[] order) {
        byte[] in = io.in(0).bytes();
        int ii = io.in(0).offset() + itemOffset;
        byte[] out = io.out(0).bytes();
        int oo = io.out(0).offset() + itemOffset;
        for (int i = 0; i < order.length / 8; i++) {
            out[oo + i] = 0;
        }
        for (int i = 0; i < order.length; i++) {
            int bit = (in[ii + order[i] / 8] >> (7 - order[i] % 8)) & 1;
            out[oo + i / 8] |= (byte) (bit << (7 - i % 8));
        }
    }
}

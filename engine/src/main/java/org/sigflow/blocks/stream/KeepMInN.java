package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code keep_m_in_n}: of every {@code n} items, passes the {@code m} starting at {@code offset} (GNU Radio's
 * {@code blocks.keep_m_in_n}; e.g. drops an OFDM symbol's cyclic prefix).
 */
@AutoService(BlockFactory.class)
public final class KeepMInN implements BlockFactory {

    @Override
    public String id() {
        return "keep_m_in_n";
    }

    @Override
    public Block create(BlockSetup s) {
        Dtype.Storage storage = StreamType.dtype(s).storage();
        int m = s.integer("m");
        int n = s.integer("n");
        int offset = s.integer("offset");
        if (m < 1 || n < 1 || offset < 0 || m + offset > n) {
            throw new IllegalArgumentException("keep_m_in_n needs 1 <= m, 0 <= offset and m + offset <= n; got m=" + m
                    + ", n=" + n + ", offset=" + offset);
        }
        int elementsPerItem = StreamType.dtype(s).components() * StreamType.vlen(s);
        return new SyncBlock(n, m) {
            @Override
            protected void process(WorkIo io, int steps) {
                for (int k = 0; k < steps; k++) {
                    Items.copy(storage, io.in(0), (k * n + offset) * elementsPerItem, io.out(0), k * m * elementsPerItem,
                            m * elementsPerItem);
                }
            }
        };
    }
}

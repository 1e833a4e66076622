package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code chunks_to_symbols}: each input byte (unsigned) or short selects the {@code dimension} consecutive symbols
 * {@code table[index * dimension …]}, as GNU Radio's chunks_to_symbols_xx. An index beyond the table stops the graph
 * with a message naming it.
 */
final class ChunksToSymbolsBlock extends SyncBlock {
    private final float[] table; // interleaved (re, im) for complex, plain for float
    private final int components;
    private final int dimension;
    private final boolean shortInput;
    private final String name;

    ChunksToSymbolsBlock(String name, float[] table, int components, int dimension, boolean shortInput) {
        super(1, dimension);
        this.name = name;
        this.table = table;
        this.components = components;
        this.dimension = dimension;
        this.shortInput = shortInput;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] out = io.out(0).floats();
        int op = io.out(0).offset();
        int ip = io.in(0).offset();
        int width = dimension * components;
        for (int i = 0; i < steps; i++) {
            int index = shortInput ? io.in(0).shorts()[ip + i] : io.in(0).bytes()[ip + i] & 0xff;
            int from = index * width;
            if (index < 0 || from + width > table.length) {
                throw new IllegalStateException(name + ": input " + index + " has no symbol in the table of "
                        + table.length / width + " entries");
            }
            System.arraycopy(table, from, out, op + i * width, width);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "chunks_to_symbols";
        }

        @Override
        public Block create(BlockSetup s) {
            Dtype out = Dtype.fromId(s.string("out_type"));
            Dtype in = StreamType.dtype(s, Dtype.U8, Dtype.S16);
            int dimension = s.integer("dimension");
            boolean complex = out == Dtype.CF32;
            float[] table = complex ? s.complexes("symbol_table") : s.reals("symbol_table");
            String name = "chunks_to_symbols '" + s.instanceId() + "'";
            if (dimension < 1 || table.length == 0 || (table.length / out.components()) % dimension != 0) {
                throw new IllegalArgumentException(name + ": the symbol table's length must be a multiple of the "
                        + "dimension " + dimension);
            }
            return new ChunksToSymbolsBlock(name, table, out.components(), dimension, in == Dtype.S16);
        }
    }
}

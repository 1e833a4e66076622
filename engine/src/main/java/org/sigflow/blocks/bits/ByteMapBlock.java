package org.sigflow.blocks.bits;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code byte_map}: out = map[in] for an unsigned byte in within the map, in itself otherwise (GNU Radio's map_bb). */
final class ByteMapBlock extends SyncBlock {
    private final byte[] table = new byte[256];

    ByteMapBlock(float[] map) {
        for (int i = 0; i < 256; i++) {
            table[i] = (byte) (i < map.length ? (int) map[i] : i);
        }
    }

    @Override
    protected void process(WorkIo io, int steps) {
        byte[] in = io.in(0).bytes();
        byte[] out = io.out(0).bytes();
        int ip = io.in(0).offset();
        int op = io.out(0).offset();
        for (int i = 0; i < steps; i++) {
            out[op + i] = table[in[ip + i] & 0xff];
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "byte_map";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ByteMapBlock(s.reals("map"));
        }
    }
}

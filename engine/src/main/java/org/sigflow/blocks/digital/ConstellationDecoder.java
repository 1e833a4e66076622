package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code constellation_decoder}: GNU Radio's constellation_decoder_cb: one byte per dimensionality complex samples,
 * the constellation's decision (the index of a point in GNU Radio's order; no symbol map is undone).
 */
final class ConstellationDecoder extends SyncBlock {
    private final Constellation constellation;

    ConstellationDecoder(Constellation c) {
        super(c.dims, 1);
        this.constellation = c;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        int ip = io.in(0).offset();
        byte[] out = io.out(0).bytes();
        int op = io.out(0).offset();
        int stride = 2 * constellation.dims;
        for (int i = 0; i < steps; i++) {
            out[op + i] = (byte) constellation.decide(x, ip + i * stride);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "constellation_decoder";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ConstellationDecoder(Constellation.from(s, "constellation_decoder '" + s.instanceId() + "'"));
        }
    }
}

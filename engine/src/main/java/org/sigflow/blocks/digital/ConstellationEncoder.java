package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code constellation_encoder}: GNU Radio's constellation_encoder_bc: each byte v becomes the dimensionality points
 * of symbol value v (GNU Radio's map_to_points; no symbol map, no pulse shaping). A value beyond the constellation
 * stops the graph with a message.
 */
final class ConstellationEncoder extends SyncBlock {
    private final Constellation constellation;
    private final String name;

    ConstellationEncoder(Constellation c, String name) {
        super(1, c.dims);
        this.constellation = c;
        this.name = name;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        byte[] in = io.in(0).bytes();
        int ip = io.in(0).offset();
        float[] out = io.out(0).floats();
        int op = io.out(0).offset();
        int width = 2 * constellation.dims;
        for (int i = 0; i < steps; i++) {
            int v = in[ip + i] & 0xff;
            if (v >= constellation.arity()) {
                throw new IllegalStateException(name + ": symbol value " + v + " has no point in the constellation of "
                        + constellation.arity() + " values");
            }
            System.arraycopy(constellation.points, v * width, out, op + i * width, width);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "constellation_encoder";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "constellation_encoder '" + s.instanceId() + "'";
            return new ConstellationEncoder(Constellation.from(s, name), name);
        }
    }
}

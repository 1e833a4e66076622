package org.sigflow.blocks.convert;

import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** A 1:1 element conversion between stream types (see {@link IntegerConversion}), vlen elements per item. */
final class ConversionBlock extends SyncBlock {
    private final IntegerConversion conversion;
    private final int elements;
    private final float scale;

    ConversionBlock(IntegerConversion conversion, int elements, float scale) {
        this.conversion = conversion;
        this.elements = elements;
        this.scale = scale;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        Object in = switch (conversion.from) {
            case FLOAT -> io.in(0).floats();
            case SHORT -> io.in(0).shorts();
            case BYTE -> io.in(0).bytes();
            case INT -> io.in(0).ints();
        };
        Object out = switch (conversion.to) {
            case FLOAT -> io.out(0).floats();
            case SHORT -> io.out(0).shorts();
            case BYTE -> io.out(0).bytes();
            case INT -> io.out(0).ints();
        };
        conversion.apply(in, io.in(0).offset(), out, io.out(0).offset(), steps * elements, scale);
    }
}

package org.sigflow.blocks.memory;

import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * A memory node without a GPU whose host stream is an integer one ({@link IntegerWire}): widens it to cf32 (h2d) or
 * narrows cf32 to it (d2h) on the CPU, with the same scales and rounding as the kernels. Two u8 items make one
 * complex sample (decimation 2 into the device side, interpolation 2 out of it).
 */
final class IntegerWireCopy extends SyncBlock {
    private final IntegerWire wire;
    private final boolean widen;

    /** @param group device-side items per vector item when widening (memory_h2d's Items per GPU Vector) */
    IntegerWireCopy(IntegerWire wire, boolean widen, int group) {
        super(widen ? wire.hostItemsPerSample() * group : 1, widen ? 1 : wire.hostItemsPerSample());
        this.wire = wire;
        this.widen = widen;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int elements = steps * decimation() * in.itemSize();
        if (widen) {
            Object src = wire.host().storage() == Dtype.Storage.SHORT ? in.shorts() : in.bytes();
            wire.widen(src, in.offset(), out.floats(), out.offset(), elements);
        } else {
            Object dst = wire.host().storage() == Dtype.Storage.SHORT ? out.shorts() : out.bytes();
            wire.narrow(in.floats(), in.offset(), dst, out.offset(), elements);
        }
    }
}

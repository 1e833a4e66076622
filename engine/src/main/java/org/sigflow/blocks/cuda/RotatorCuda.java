package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code rotator_cuda}: {@code y[n] = x[n] exp(j n phase_inc)}, phase-continuous across pages. Each sample's phase is
 * computed from the page's start phase (carried by the host in double, wrapped) plus its index times the increment,
 * in double on the device: no error accumulates however long the run. A new increment applies from the next page,
 * keeping the phase.
 */
final class RotatorCuda extends CudaBlock {
    private volatile double increment;
    private double phase;

    RotatorCuda(BlockSetup s) {
        super(1, 8);
        increment = s.real("phase_inc");
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        double inc = increment;
        cuda.kernels().launch("sf_rotator", stream, items, in[0], out, items, phase, inc);
        phase = ComplexOps.wrapPhase(phase + Math.IEEEremainder(items * inc, 2 * Math.PI));
        return items;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (!paramId.equals("phase_inc")) {
            throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
        double v = value.asDouble();
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("phase increment must be finite, got " + v);
        }
        increment = v;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("rotator");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new RotatorCuda(s);
        }
    }
}

package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code quadrature_demod}: FM discriminator, {@code gain * arg(x[n] * conj(x[n-1]))}. */
public final class QuadratureDemodBlock extends SyncBlock {
    private float gain;
    private final boolean gnuRadio;

    QuadratureDemodBlock(double gain, boolean gnuRadio) {
        this.gain = (float) gain;
        this.gnuRadio = gnuRadio;
    }

    @Override
    public int history() {
        return 2;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        if (gnuRadio) {
            ComplexOps.quadratureDemodAsGnuRadio(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(),
                    io.out(0).offset(), steps, gain);
        } else {
            ComplexOps.quadratureDemod(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(),
                    steps, gain);
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("gain")) {
            gain = (float) value.asDouble();
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "quadrature_demod";
        }

        @Override
        public QuadratureDemodBlock create(BlockSetup s) {
            return new QuadratureDemodBlock(s.real("gain"),
                    s.has("arithmetic") && s.string("arithmetic").equals("gnuradio"));
        }
    }
}

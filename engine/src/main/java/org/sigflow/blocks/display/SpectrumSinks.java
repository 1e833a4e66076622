package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** Factories of {@code spectrum_sink} and {@code waterfall_sink}: the same estimator, drawn two ways. */
public final class SpectrumSinks {
    private SpectrumSinks() {}

    static double checkedAveraging(double alpha) {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("averaging must be in (0, 1] (1 = no averaging), got " + alpha);
        }
        return alpha;
    }

    static Block create(BlockSetup setup, boolean maxHold) {
        Dtype dtype = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        WindowType window = WindowType.fromId(setup.string("window"));
        if (window == null) {
            throw new IllegalArgumentException("block '" + setup.instanceId() + "': unknown window '"
                    + setup.string("window") + "'");
        }
        return new SpectrumSinkBlock(dtype, setup.integer("fft_size"), window, setup.real("samp_rate"),
                setup.real("center_freq"), checkedAveraging(setup.real("averaging")), maxHold,
                setup.real("update_rate"));
    }

    @AutoService(BlockFactory.class)
    public static final class Spectrum implements BlockFactory {
        @Override
        public String id() {
            return "spectrum_sink";
        }

        @Override
        public Block create(BlockSetup setup) {
            return SpectrumSinks.create(setup, setup.bool("max_hold"));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Waterfall implements BlockFactory {
        @Override
        public String id() {
            return "waterfall_sink";
        }

        @Override
        public Block create(BlockSetup setup) {
            return SpectrumSinks.create(setup, false);
        }
    }
}

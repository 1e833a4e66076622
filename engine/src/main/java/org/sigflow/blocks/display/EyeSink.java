package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code eye_sink}: GNU Radio's Qt eye sink. The newest {@code points} samples are cut as GNU Radio's eye plot cuts
 * them: {@code floor((points - 1) / (2 sps))} traces of {@code 2 sps + 1} samples, trace {@code i} starting at sample
 * {@code 2 sps i} (neighbours share their end sample), point {@code k} at {@code k / samp_rate}. A complex stream
 * gives the real parts' traces, then the imaginary parts'.
 */
@AutoService(BlockFactory.class)
public final class EyeSink implements BlockFactory {

    @Override
    public String id() {
        return "eye_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        int points = setup.integer("points");
        int sps = setup.integer("sps");
        if (sps < 1 || 2 * sps + 1 > points) {
            throw new IllegalArgumentException("samples per symbol must be from 1 to (points - 1) / 2 = "
                    + (points - 1) / 2 + ", got " + sps);
        }
        return new Eye(points, sps, dtype.isComplex(), setup.real("samp_rate"), setup.real("update_rate"));
    }

    /** The eye traces of one component (see the class comment). */
    static List<float[]> traces(float[] x, int sps) {
        int len = 2 * sps + 1;
        int periods = (x.length - 1) / 2 / sps;
        List<float[]> out = new ArrayList<>(periods);
        for (int i = 0; i < periods; i++) {
            float[] t = new float[len];
            System.arraycopy(x, 2 * sps * i, t, 0, len);
            out.add(t);
        }
        return out;
    }

    static final class Eye extends FrameSink {
        private final int sps;
        private final boolean complex;
        private final double sampleRate;

        Eye(int points, int sps, boolean complex, double sampleRate, double updateRate) {
            super(points, complex ? 2 : 1, updateRate);
            this.sps = sps;
            this.complex = complex;
            this.sampleRate = sampleRate;
        }

        @Override
        List<float[]> traces(float[] samples) {
            if (!complex) {
                return EyeSink.traces(samples, sps);
            }
            List<float[]> parts = Deinterleave.split(samples);
            List<float[]> out = new ArrayList<>(EyeSink.traces(parts.get(0), sps));
            out.addAll(EyeSink.traces(parts.get(1), sps));
            return out;
        }

        @Override
        double xStep() {
            return 1 / sampleRate;
        }
    }
}

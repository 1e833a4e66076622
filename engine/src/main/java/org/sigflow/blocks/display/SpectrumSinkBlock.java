package org.sigflow.blocks.display;

import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.display.SpectrumEstimator;
import org.sigflow.dsp.WindowType;
import org.sigflow.expr.Value;

/** The running {@code spectrum_sink} / {@code waterfall_sink}: one averaged power spectrum per frame. */
final class SpectrumSinkBlock extends FrameSink {
    private final SpectrumEstimator estimator;
    private final double sampleRate;
    private final double centerFrequency;
    private final int fftSize;
    private volatile double averaging;
    private volatile boolean maxHold;

    SpectrumSinkBlock(Dtype dtype, int fftSize, WindowType window, double sampleRate, double centerFrequency,
                      double averaging, boolean maxHold, double updateRate) {
        super(fftSize, dtype.components(), updateRate);
        this.fftSize = fftSize;
        this.estimator = new SpectrumEstimator(fftSize, !dtype.isComplex(), window.makeFloat(fftSize, 6.76));
        this.sampleRate = sampleRate;
        this.centerFrequency = centerFrequency;
        this.averaging = averaging;
        this.maxHold = maxHold;
    }

    @Override
    List<float[]> traces(float[] samples) {
        estimator.add(samples, averaging);
        return maxHold ? List.of(estimator.averageDb(), estimator.maxHoldDb()) : List.of(estimator.averageDb());
    }

    @Override
    double xStart() {
        return estimator.startFrequency(sampleRate, centerFrequency);
    }

    @Override
    double xStep() {
        return sampleRate / fftSize;
    }

    @Override
    void apply(String paramId, Value value) {
        switch (paramId) {
            case "averaging" -> averaging = SpectrumSinks.checkedAveraging(value.asDouble());
            case "max_hold" -> {
                if (value.asBoolean() && !maxHold) {
                    estimator.reset(); // a fresh max-hold starts from now
                }
                maxHold = value.asBoolean();
            }
            default -> super.apply(paramId, value);
        }
    }
}

package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code agc2}: GNU Radio's {@code agc2_cc/agc2_ff} kernel in float, step for step: out = in * gain; the error
 * {@code |out| - reference} moves the gain at the attack rate when it exceeds the gain (float: its magnitude does),
 * else at the decay rate; a negative gain becomes 1e-4, a gain above {@code max_gain > 0} is capped.
 */
public final class Agc2Block extends SyncBlock {
    private final boolean complex;
    private float attack;
    private float decay;
    private float reference;
    private float gain;
    private float maxGain;

    Agc2Block(boolean complex, float attack, float decay, float reference, float gain, float maxGain) {
        this.complex = complex;
        this.attack = attack;
        this.decay = decay;
        this.reference = reference;
        this.gain = gain;
        this.maxGain = maxGain;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        int xi = io.in(0).offset();
        float[] y = io.out(0).floats();
        int yo = io.out(0).offset();
        for (int k = 0; k < steps; k++) {
            float err;
            float rate = decay;
            if (complex) {
                float re = x[xi + 2 * k] * gain;
                float im = x[xi + 2 * k + 1] * gain;
                y[yo + 2 * k] = re;
                y[yo + 2 * k + 1] = im;
                // GNU Radio calls C's sqrt (double) on the float sum and adds -reference in double
                err = (float) (-reference + Math.sqrt(re * re + im * im));
                if (err > gain) {
                    rate = attack;
                }
            } else {
                float out = x[xi + k] * gain;
                y[yo + k] = out;
                err = Math.abs(out) - reference;
                if (Math.abs(err) > gain) {
                    rate = attack;
                }
            }
            gain -= err * rate;
            if (gain < 0.0f) {
                gain = 10e-5f;
            }
            if (maxGain > 0.0f && gain > maxGain) {
                gain = maxGain;
            }
        }
    }

    @Override
    public void applyParam(String paramId, Value value) {
        float v = (float) value.asDouble();
        switch (paramId) {
            case "attack_rate" -> attack = v;
            case "decay_rate" -> decay = v;
            case "reference" -> reference = v;
            case "gain" -> gain = v;
            case "max_gain" -> maxGain = v;
            default -> super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "agc2";
        }

        @Override
        public Agc2Block create(BlockSetup s) {
            return new Agc2Block(s.string("type").equals("cf32"), (float) s.real("attack_rate"),
                    (float) s.real("decay_rate"), (float) s.real("reference"), (float) s.real("gain"),
                    (float) s.real("max_gain"));
        }
    }
}

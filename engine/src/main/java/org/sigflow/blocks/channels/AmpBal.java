package org.sigflow.blocks.channels;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code amp_bal}: GNU Radio's {@code channels.amp_bal} hier block: the running RMS of I and of Q (GNU Radio's
 * {@code rms_ff}: single-pole average of the square in double, alpha), and Q scaled by rms(I) / rms(Q), so both
 * branches get the same power.
 */
public final class AmpBal extends ComplexSampleBlock {
    private final double alpha;
    private final double beta;
    private double avgI;
    private double avgQ;

    AmpBal(double alpha) {
        this.alpha = alpha;
        this.beta = 1 - alpha;
    }

    @Override
    protected void map(float re, float im, float[] out) {
        avgI = beta * avgI + alpha * (double) (re * re);
        avgQ = beta * avgQ + alpha * (double) (im * im);
        float ratio = (float) Math.sqrt(avgI) / (float) Math.sqrt(avgQ);
        out[0] = re;
        out[1] = ratio * im;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "amp_bal";
        }

        @Override
        public AmpBal create(BlockSetup s) {
            double alpha = s.real("alpha");
            if (!(alpha >= 0 && alpha <= 1)) {
                throw new IllegalArgumentException("amp_bal '" + s.instanceId() + "': alpha must be between 0 and 1, got "
                        + alpha);
            }
            return new AmpBal(alpha);
        }
    }
}

package org.sigflow.dsp;

/**
 * GNU Radio's {@code costas_loop_cc} (without SNR weighting): per sample, {@code y = x exp(-j phase)}, a phase
 * error from the order's detector ({@code re*im} for BPSK, order 2; {@code sgn(re) im - sgn(im) re} for QPSK,
 * order 4; the 8PSK detector for order 8), clipped to [-1, 1], advances a {@link ControlLoop} with frequency
 * limits of +-1 rad/sample. Optionally writes the frequency estimate (rad/sample) per sample.
 */
public final class CostasLoop {
    private final int order;
    private final ControlLoop loop;

    public CostasLoop(double loopBandwidth, int order) {
        if (order != 2 && order != 4 && order != 8) {
            throw new IllegalArgumentException("Costas loop order must be 2, 4 or 8, got " + order);
        }
        this.order = order;
        this.loop = new ControlLoop(loopBandwidth, 1.0, -1.0);
    }

    public ControlLoop loop() {
        return loop;
    }

    /** {@code freq} may be null (frequency output not wanted). */
    public void process(float[] x, int xOff, float[] y, int yOff, float[] freq, int fOff, int n) {
        for (int i = 0; i < n; i++) {
            double c = Math.cos(loop.phase), s = -Math.sin(loop.phase);
            double a = x[xOff + 2 * i], b = x[xOff + 2 * i + 1];
            float re = (float) (a * c - b * s), im = (float) (a * s + b * c);
            y[yOff + 2 * i] = re;
            y[yOff + 2 * i + 1] = im;
            double e = switch (order) {
                case 2 -> (double) re * im;
                case 4 -> (re > 0 ? 1.0 : -1.0) * im - (im > 0 ? 1.0 : -1.0) * re;
                default -> detector8(re, im);
            };
            loop.advance(Math.max(-1, Math.min(1, e)));
            if (freq != null) {
                freq[fOff + i] = (float) loop.freq;
            }
        }
    }

    /** GNU Radio's 8PSK detector. */
    private static double detector8(double re, double im) {
        double k = Math.sqrt(2) - 1;
        if (Math.abs(re) >= Math.abs(im)) {
            return (re > 0 ? 1.0 : -1.0) * im - k * (im > 0 ? 1.0 : -1.0) * re;
        }
        return k * (re > 0 ? 1.0 : -1.0) * im - (im > 0 ? 1.0 : -1.0) * re;
    }
}

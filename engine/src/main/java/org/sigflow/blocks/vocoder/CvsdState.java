package org.sigflow.blocks.vocoder;

/**
 * GNU Radio's CVSD (continuously variable slope delta) codec state with its default constants ({@code
 * vocoder.cvsd_encode_sb()}, {@code cvsd_decode_bs()}: steps 10..1280, step decay 0.9990234375, accumulator decay
 * 0.96875, K 32, J 4, accumulator ±32767), in GNU Radio's integer and rounding arithmetic, so the bits equal its own.
 */
final class CvsdState {
    private static final int MIN_STEP = 10;
    private static final int MAX_STEP = 1280;
    private static final double STEP_DECAY = 0.9990234375;
    private static final double ACCUM_DECAY = 0.96875;
    private static final int K = 32;
    private static final int J = 4;
    private static final int RUN_MASK = (1 << J) - 1;
    private static final int ACCUM_MAX = 32767;
    private static final int ACCUM_MIN = -32767;

    private int accum;
    private int loopCounter = 1;
    private int runner;
    private int stepSize = MIN_STEP;

    /** Encodes one sample: its bit (1 when the sample is at or above the reference). */
    int encode(short sample) {
        int bit = sample >= accum ? 1 : 0;
        integrate(bit != 0);
        adaptStep();
        runner = runner << 1 | bit;
        countLoop();
        return bit;
    }

    /**
     * Decodes one bit as GNU Radio's decoder does: {@code masked} is the input byte AND the bit's mask (128 for the
     * first bit), and the decoder shifts that masked value, not 0/1, into its run register before adapting the step.
     */
    short decode(int masked) {
        runner = runner << 1 | masked;
        adaptStep();
        integrate(masked != 0);
        countLoop();
        return (short) accum;
    }

    private void integrate(boolean up) {
        accum = round((up ? accum + stepSize : accum - stepSize) * ACCUM_DECAY);
        accum = Math.max(ACCUM_MIN, Math.min(ACCUM_MAX, accum));
    }

    /** A run of J equal bits grows the step by the minimum step, anything else lets it decay. */
    private void adaptStep() {
        if (loopCounter >= J) {
            if (Integer.bitCount(runner & RUN_MASK) >= J || Integer.bitCount(~runner & RUN_MASK) >= J) {
                stepSize = Math.min(stepSize + MIN_STEP, MAX_STEP);
            } else {
                stepSize = Math.max(round(stepSize * STEP_DECAY), MIN_STEP);
            }
        }
    }

    private void countLoop() {
        if (loopCounter <= K) {
            loopCounter++;
        }
    }

    /** GNU Radio's {@code cvsd_round}: floor(x + 0.5). */
    private static int round(double x) {
        return (int) Math.floor(x + 0.5);
    }
}

package org.sigflow.blocks.digital;

/**
 * GNU Radio's timing error detectors ({@code timing_error_detector.cc}) for symbol_sync: Mueller and Müller, modified
 * Mueller and Müller, zero crossing, Gardner and early-late, with GNU Radio's history deques (newest first), input
 * clock, look-ahead and revert, so a reverted step leaves the same state GNU Radio's does. Complex inputs use the
 * {@code _cf} formulas, real ones ({@code real} true) the {@code _ff} formulas on the real parts.
 */
final class TimingErrorDetector {
    enum Type {
        MUELLER_AND_MULLER(1, 2, false, true),
        MOD_MUELLER_AND_MULLER(1, 3, false, true),
        ZERO_CROSSING(2, 3, false, true),
        GARDNER(2, 3, false, false),
        EARLY_LATE(2, 2, true, false);

        final int inputsPerSymbol;
        final int depth;
        final boolean lookahead;
        final boolean slicer;

        Type(int inputsPerSymbol, int depth, boolean lookahead, boolean slicer) {
            this.inputsPerSymbol = inputsPerSymbol;
            this.depth = depth;
            this.lookahead = lookahead;
            this.slicer = slicer;
        }
    }

    final Type type;
    private final Constellation constellation;
    private final boolean real;
    private final Deque input;
    private final Deque decision;
    private final float[] scratch = new float[2];
    private float error;
    private float prevError;
    private int inputClock;

    TimingErrorDetector(Type type, Constellation constellation, boolean real) {
        this.type = type;
        this.constellation = constellation;
        this.real = real;
        this.input = new Deque(type.depth + 1);
        this.decision = new Deque(type.depth + 1);
        syncReset();
    }

    void syncReset() {
        error = 0f;
        prevError = 0f;
        input.assign(type.depth);
        decision.assign(type.depth);
        inputClock = type.inputsPerSymbol - 1;
    }

    float error() {
        return error;
    }

    void input(float re, float im) {
        input.pushFront(re, im);
        input.popBack();
        if (type.slicer) {
            slice(re, im);
            decision.pushFront(scratch[0], scratch[1]);
            decision.popBack();
        }
        inputClock = (inputClock + 1) % type.inputsPerSymbol;
        if (inputClock == 0 && !type.lookahead) {
            prevError = error;
            error = compute();
        }
    }

    void inputLookahead(float re, float im) {
        if (inputClock != 0 || !type.lookahead) {
            return;
        }
        input.pushFront(re, im);
        if (type.slicer) {
            slice(re, im);
            decision.pushFront(scratch[0], scratch[1]);
        }
        prevError = error;
        error = compute();
        if (type.slicer) {
            decision.popFront();
        }
        input.popFront();
    }

    void revert(boolean preserveError) {
        if (inputClock == 0 && !preserveError) {
            error = prevError;
        }
        inputClock = inputClock == 0 ? type.inputsPerSymbol - 1 : inputClock - 1;
        if (type.slicer) {
            decision.pushBackLast();
            decision.popFront();
        }
        input.pushBackLast();
        input.popFront();
    }

    /** The constellation point of the decision on (re, im) into scratch. */
    private void slice(float re, float im) {
        scratch[0] = re;
        scratch[1] = im;
        int index = constellation.decide(scratch, 0);
        scratch[0] = constellation.points[2 * index];
        scratch[1] = constellation.points[2 * index + 1];
    }

    private float compute() {
        Deque x = input;
        Deque d = decision;
        float imag = real ? 0f : 1f;   // the _ff formulas are the _cf ones without imaginary parts
        return switch (type) {
            case MUELLER_AND_MULLER -> (d.re(1) * x.re(0) - d.re(0) * x.re(1))
                    + imag * (d.im(1) * x.im(0) - d.im(0) * x.im(1));
            case MOD_MUELLER_AND_MULLER -> {
                if (real) {
                    float u = (x.re(0) - x.re(2)) * d.re(1) - (d.re(0) - d.re(2)) * x.re(1);
                    yield clip(u / 2.0f);
                }
                // ((x0 - x2) * conj(d1)) - ((d0 - d2) * conj(x1)), real part
                float u = (x.re(0) - x.re(2)) * d.re(1) + (x.im(0) - x.im(2)) * d.im(1)
                        - ((d.re(0) - d.re(2)) * x.re(1) + (d.im(0) - d.im(2)) * x.im(1));
                yield clip(u);
            }
            case ZERO_CROSSING -> (d.re(2) - d.re(0)) * x.re(1) + imag * ((d.im(2) - d.im(0)) * x.im(1));
            case GARDNER -> (x.re(2) - x.re(0)) * x.re(1) + imag * ((x.im(2) - x.im(0)) * x.im(1));
            case EARLY_LATE -> (x.re(0) - x.re(2)) * x.re(1) + imag * ((x.im(0) - x.im(2)) * x.im(1));
        };
    }

    /** GNU Radio's branchless_clip(x, 1). */
    private static float clip(float x) {
        return 0.5f * (Math.abs(x + 1f) - Math.abs(x - 1f));
    }

    /** A small deque of complex values, index 0 the front (newest), as GNU Radio's std::deque use. */
    static final class Deque {
        private final float[] re;
        private final float[] im;
        private int size;

        Deque(int capacity) {
            re = new float[capacity];
            im = new float[capacity];
        }

        void assign(int n) {
            java.util.Arrays.fill(re, 0f);
            java.util.Arrays.fill(im, 0f);
            size = n;
        }

        float re(int i) {
            return re[i];
        }

        float im(int i) {
            return im[i];
        }

        void pushFront(float r, float i) {
            System.arraycopy(re, 0, re, 1, size);
            System.arraycopy(im, 0, im, 1, size);
            re[0] = r;
            im[0] = i;
            size++;
        }

        void popBack() {
            size--;
            re[size] = 0f;
            im[size] = 0f;
        }

        void popFront() {
            System.arraycopy(re, 1, re, 0, size - 1);
            System.arraycopy(im, 1, im, 0, size - 1);
            popBack();
        }

        void pushBackLast() {
            re[size] = re[size - 1];
            im[size] = im[size - 1];
            size++;
        }
    }
}

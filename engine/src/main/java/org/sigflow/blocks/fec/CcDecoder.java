package org.sigflow.blocks.fec;

import java.util.Arrays;

/**
 * GNU Radio 3.10's {@code cc_decoder}: a K = 7, rate 1/2 Viterbi decoder on unsigned 8-bit soft symbols (0: sure
 * 0, 255: sure 1), step for step — the add-compare-select of VOLK 2.5's {@code volk_8u_x4_conv_k7_r2_8u} SSE3 kernel
 * (saturating 8-bit metrics, two steps per round, renormalised when state 0's metric passes 210, an odd last step
 * through its generic butterfly), GNU Radio's start/end state biasing and chainback, and the four modes' framing
 * (streaming reads K-1 symbol pairs past the frame and chains its states; tailbiting decodes the frame followed by
 * its first 6(K-1) pairs; truncated takes the last K-1 bits from the best end state).
 */
final class CcDecoder implements FecDecoder {
    private static final int K = 7;
    private static final int RATE = 2;
    private static final int STATES = 64;
    private static final int ADDSHIFT = 8 - (K - 1);

    private final CcMode mode;
    private final int padding;
    private final int maxFrame;
    private final int startNonChaining;
    private final int endNonChaining;
    private final int[] branch = new int[STATES / 2 * RATE];
    /** metrics1 = [0, 64), metrics2 = [64, 128); old/new are offsets into it (GNU Radio's struct v). */
    private final int[] metrics = new int[2 * STATES];
    private int oldM;
    private int newM;
    private long[] decisions = new long[0];
    private int frame;
    private int veclen;
    private int startChaining;
    private int endChaining;
    private byte[] managed = new byte[0];

    CcDecoder(int frameBits, int k, int rate, int[] polys, int startState, int endState, CcMode mode,
              boolean padded) {
        if (k != K || rate != RATE || polys.length != RATE) {
            throw new IllegalArgumentException("cc decoder: only K = 7, rate 2 codes (two polynomials) are supported, "
                    + "as in GNU Radio; got K = " + k + ", rate " + rate);
        }
        if (frameBits < K) {
            throw new IllegalArgumentException("cc decoder: frame size must be at least " + K + " bits, got "
                    + frameBits);
        }
        this.mode = mode;
        this.padding = CcMode.padding(padded, mode, RATE, K);
        this.maxFrame = frameBits;
        this.frame = frameBits;
        this.startChaining = startState;
        this.startNonChaining = startState;
        this.endNonChaining = endState;
        for (int s = 0; s < STATES / 2; s++) {
            for (int i = 0; i < RATE; i++) {
                int bit = Integer.bitCount((2 * s) & Math.abs(polys[i])) & 1;
                branch[i * STATES / 2 + s] = (polys[i] < 0 ? bit ^ 1 : bit) == 1 ? 255 : 0;
            }
        }
        veclen = veclen();
        if (mode == CcMode.STREAMING || mode == CcMode.TAILBITING) {
            initUnbiased();
        } else {
            init(startNonChaining);
        }
    }

    private int veclen() {
        return switch (mode) {
            case TAILBITING -> frame + 6 * (K - 1);
            case TRUNCATED -> frame;
            case STREAMING, TERMINATED -> frame + K - 1;
        };
    }

    @Override
    public int inputSize() {
        return mode == CcMode.TERMINATED ? RATE * (frame + K - 1) + padding : RATE * frame;
    }

    @Override
    public int outputSize() {
        return frame;
    }

    @Override
    public double rate() {
        return 1.0 / RATE;
    }

    @Override
    public int history() {
        return mode == CcMode.STREAMING ? RATE * (K - 1) : 0;
    }

    @Override
    public float shift() {
        return 128f;
    }

    @Override
    public boolean ucharInput() {
        return true;
    }

    @Override
    public boolean setFrameSize(int bits) {
        boolean ok = bits <= maxFrame;
        frame = Math.min(bits, maxFrame);
        if (mode == CcMode.TERMINATED) {
            frame -= padding * RATE;                  // GNU Radio's own adjustment for padded frames
        }
        veclen = veclen();
        return ok;
    }

    @Override
    public void decode(Object input, int ip, byte[] out, int op) {
        byte[] in = (byte[]) input;
        switch (mode) {
            case TAILBITING -> {
                int need = veclen * RATE;
                if (managed.length < need) {
                    managed = new byte[need];
                }
                System.arraycopy(in, ip, managed, 0, frame * RATE);
                System.arraycopy(in, ip, managed, frame * RATE, (veclen - frame) * RATE);
                update(managed, 0, veclen);
                endChaining = findEndState();
                chainback(out, op, frame, endChaining, veclen - frame);
                initUnbiased();
            }
            case TRUNCATED -> {
                update(in, ip, veclen);
                endChaining = findEndState();
                for (int i = 0; i < K - 1; i++) {
                    out[op + veclen - 1 - i] = (byte) ((endChaining >> i) & 1);
                }
                startChaining = chainback(out, op, frame - (K - 1), endChaining, K - 1);
                init(startNonChaining);
            }
            case STREAMING, TERMINATED -> {
                update(in, ip, veclen);
                endChaining = findEndState();
                int end = mode == CcMode.TERMINATED && endNonChaining != -1 ? endNonChaining : endChaining;
                startChaining = chainback(out, op, frame, end, veclen - frame);
                init(mode == CcMode.STREAMING ? startChaining : startNonChaining);
            }
        }
    }

    private void init(int start) {
        Arrays.fill(metrics, 0, STATES, 63);
        oldM = 0;
        newM = STATES;
        metrics[oldM + (start & (STATES - 1))] = 0;
    }

    private void initUnbiased() {
        Arrays.fill(metrics, 0, STATES, 31);
        oldM = 0;
        newM = STATES;
    }

    private int findEndState() {
        int met = (K + veclen) % 2 == 0 ? newM : oldM;
        int min = metrics[met];
        int state = 0;
        for (int i = 1; i < STATES; i++) {
            if (metrics[met + i] < min) {
                min = metrics[met + i];
                state = i;
            }
        }
        return state;
    }

    /** VOLK 2.5's SSE3 ("spiral") kernel over {@code nbits} steps from old into new metrics. */
    private void update(byte[] syms, int sp, int nbits) {
        if (decisions.length < nbits) {
            decisions = new long[nbits];
        }
        Arrays.fill(decisions, 0, nbits, 0L);
        int x = oldM;
        int y = newM;
        for (int pair = 0; pair < nbits >> 1; pair++) {
            spiralStep(syms, sp, 2 * pair, x, y);
            if (metrics[y] > 210) {
                renormalize(y);
            }
            spiralStep(syms, sp, 2 * pair + 1, y, x);
            if (metrics[x] > 210) {
                renormalize(x);
            }
        }
        renormalize(x);
        if ((nbits & 1) == 1) {
            genericStep(syms, sp, nbits - 1, x, y);
            renormalize(y);
        }
    }

    private void spiralStep(byte[] syms, int sp, int s, int from, int to) {
        int s0 = syms[sp + s * RATE] & 0xFF;
        int s1 = syms[sp + s * RATE + 1] & 0xFF;
        long d = 0;
        for (int i = 0; i < STATES / 2; i++) {
            int metric = (((branch[i] ^ s0) + (branch[STATES / 2 + i] ^ s1) + 1) >> 1) >> 2;
            int inverse = 63 - metric;
            int m0 = Math.min(255, metrics[from + i] + metric);
            int m1 = Math.min(255, metrics[from + i + STATES / 2] + inverse);
            int m2 = Math.min(255, metrics[from + i] + inverse);
            int m3 = Math.min(255, metrics[from + i + STATES / 2] + metric);
            int a = Math.min(m1, m0);
            int b = Math.min(m3, m2);
            metrics[to + 2 * i] = a;
            metrics[to + 2 * i + 1] = b;
            d |= (long) ((a == m1 ? 1 : 0) | (b == m3 ? 2 : 0)) << (2 * i);
        }
        decisions[s] = d;
    }

    /** VOLK 2.5's generic butterfly (used by its SSE3 kernel for an odd last step). */
    private void genericStep(byte[] syms, int sp, int s, int from, int to) {
        int s0 = syms[sp + s * RATE] & 0xFF;
        int s1 = syms[sp + s * RATE + 1] & 0xFF;
        int max = (RATE * (255 >> 2)) >> 2;
        long d = 0;
        for (int i = 0; i < STATES / 2; i++) {
            int metric = (((branch[i] ^ s0) >> 2) + ((branch[STATES / 2 + i] ^ s1) >> 2)) >> 2;
            int m0 = (metrics[from + i] + metric) & 0xFF;
            int m1 = (metrics[from + i + STATES / 2] + (max - metric)) & 0xFF;
            int m2 = (metrics[from + i] + (max - metric)) & 0xFF;
            int m3 = (metrics[from + i + STATES / 2] + metric) & 0xFF;
            boolean d0 = m0 - m1 > 0;
            boolean d1 = m2 - m3 > 0;
            metrics[to + 2 * i] = d0 ? m1 : m0;
            metrics[to + 2 * i + 1] = d1 ? m3 : m2;
            d |= (long) ((d0 ? 1 : 0) | (d1 ? 2 : 0)) << (2 * i);
        }
        decisions[s] |= d;
    }

    private void renormalize(int at) {
        int min = metrics[at];
        for (int i = 1; i < STATES; i++) {
            min = Math.min(min, metrics[at + i]);
        }
        for (int i = 0; i < STATES; i++) {
            metrics[at + i] -= min;
        }
    }

    /** GNU Radio's {@code chainback_viterbi}, unsigned arithmetic included; returns the chained start state. */
    private int chainback(byte[] data, int op, int nbitsIn, int endstateIn, int tailsize) {
        long nbits = nbitsIn & 0xFFFFFFFFL;
        long threshold = (frame - (K - 1)) & 0xFFFFFFFFL;
        int endstate = (endstateIn % STATES) << ADDSHIFT;
        int dif = tailsize - (K - 1);
        int retval = 0;
        while (nbits-- > threshold) {
            endstate = step(data, op, nbits, endstate, tailsize, dif);
            retval = endstate;
        }
        nbits += 1;
        while (nbits-- != 0) {
            endstate = step(data, op, nbits, endstate, tailsize, dif);
        }
        return retval >> ADDSHIFT;
    }

    private int step(byte[] data, int op, long n, int endstate, int tailsize, int dif) {
        int k = (int) (decisions[(int) n + tailsize] >>> (endstate >> ADDSHIFT)) & 1;
        data[op + (int) ((n + dif) % frame)] = (byte) k;
        return (endstate >> 1) | (k << (K - 2 + ADDSHIFT));
    }
}

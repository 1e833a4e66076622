package org.sigflow.blocks.fec;

/**
 * GNU Radio's polar code ({@code polar_encoder}, {@code polar_decoder_sc}) with the frozen bits its
 * {@code variable_polar_code_configurator} picks for a binary erasure channel ({@code polar.load_frozen_bits_info}:
 * Bhattacharyya parameters z of eta = exp(-10^(snr/10)), z → (2z - z², z²) per stage; the N-K largest, first on ties,
 * are frozen to 0). Block size N (a power of 2), K information bits.
 */
final class PolarCode {
    /** GNU Radio's {@code polar_decoder_common::D_LLR_FACTOR}: soft symbols (positive: 1) × this are LLRs. */
    static final float LLR_FACTOR = -2.19722458f;

    final int n;
    final int k;
    final int power;
    final boolean[] frozen;

    PolarCode(int blockSize, int infoBits, double designSnr) {
        if (blockSize < 2 || Integer.bitCount(blockSize) != 1) {
            throw new IllegalArgumentException("polar code: block size must be a power of 2, got " + blockSize);
        }
        if (infoBits < 1 || infoBits > blockSize) {
            throw new IllegalArgumentException("polar code: information bits must be 1 to the block size ("
                    + blockSize + "), got " + infoBits);
        }
        if (designSnr < -1.5917) {
            throw new IllegalArgumentException("polar code: design SNR must be above -1.5917 dB, got " + designSnr);
        }
        n = blockSize;
        k = infoBits;
        power = Integer.numberOfTrailingZeros(blockSize);
        double[] z = {Math.exp(-Math.pow(10.0, designSnr / 10.0))};
        for (int s = 0; s < power; s++) {
            double[] next = new double[2 * z.length];
            for (int i = 0; i < z.length; i++) {
                double sq = z[i] * z[i];
                next[2 * i] = 2 * z[i] - sq;
                next[2 * i + 1] = sq;
            }
            z = next;
        }
        frozen = new boolean[n];
        for (int f = 0; f < n - k; f++) {
            int best = 0;
            for (int i = 1; i < n; i++) {
                if (z[i] > z[best]) {
                    best = i;
                }
            }
            frozen[best] = true;
            z[best] = -1.0;
        }
    }

    /** K information bits → N code bits (VOLK's encodepolar: interleave with the frozen zeros, then each stage). */
    void encode(byte[] in, int ip, byte[] out, int op) {
        byte[] frame = new byte[n];
        byte[] temp = new byte[n];
        for (int i = 0, info = ip; i < n; i++) {
            temp[i] = frozen[i] ? 0 : (byte) (in[info++] & 1);
        }
        int half = n >> 1;
        int branches = 1;
        for (int stage = power; stage > 0; stage--) {
            int f = 0;
            int t = 0;
            for (int b = 0; b < branches; b++) {
                for (int bit = 0; bit < half; bit++) {
                    frame[f] = (byte) (temp[t] ^ temp[t + 1]);
                    frame[f + half] = temp[t + 1];
                    f++;
                    t += 2;
                }
                f += half;
            }
            System.arraycopy(frame, 0, temp, 0, n);
            branches <<= 1;
            half >>= 1;
        }
        System.arraycopy(frame, 0, out, op, n);
    }

    /** Successive cancellation decoding of N soft symbols into K bits, GNU Radio's butterfly recursion. */
    void decodeSc(float[] in, int ip, byte[] out, int op) {
        float[] llrs = new float[n * (power + 1)];
        byte[] u = new byte[n * (power + 1)];
        for (int i = 0; i < n; i++) {
            llrs[n * power + i] = in[ip + i] * LLR_FACTOR;
        }
        for (int i = 0; i < n; i++) {
            butterfly(llrs, 0, u, 0, 0, i, i);
            u[i] = frozen[i] ? 0 : (byte) (llrs[i] < 0.0f ? 1 : 0);
        }
        for (int i = 0, o = op; i < n; i++) {
            if (!frozen[i]) {
                out[o++] = u[i];
            }
        }
    }

    /** The LLR of bit {@code uNum} into {@code llrs[uNum]}: GNU Radio's {@code butterfly(llrs, u, 0, u_num, u_num)}. */
    void butterfly(float[] llrs, byte[] u, int uNum) {
        butterfly(llrs, 0, u, 0, 0, uNum, uNum);
    }

    private void butterfly(float[] llrs, int l, byte[] u, int up, int stage, int uNum, int row) {
        int half = 1 << stage;
        int size = half << 1;
        int next = l + n;
        int section = row - row % size;
        int jump = ((row % half) << 1) % size;
        int upper = section + jump;
        int lower = upper + 1;
        if (row % size >= half) {
            byte f = u[up + (uNum >> stage) - 1];
            llrs[l + row] = f == 0 ? llrs[next + lower] + llrs[next + upper] : llrs[next + lower] - llrs[next + upper];
            return;
        }
        if (power > stage + 1) {
            int uh = up + n;
            for (int i = 1, a = up, o = uh; i < uNum; i += 2, a += 2) {
                u[o++] = (byte) (u[a] ^ u[a + 1]);
            }
            butterfly(llrs, next, u, uh, stage + 1, uNum, upper);
            for (int i = 1, a = up + 1, o = uh; i < uNum; i += 2, a += 2) {
                u[o++] = u[a];
            }
            butterfly(llrs, next, u, uh, stage + 1, uNum, lower);
        }
        float la = llrs[next + upper];
        float lb = llrs[next + lower];
        llrs[l + row] = Math.copySign(1.0f, la) * Math.copySign(1.0f, lb) * Math.min(Math.abs(la), Math.abs(lb));
    }
}

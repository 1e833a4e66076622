package org.sigflow.coding;

/** GF(2^m), q = 2 … 256, by log/antilog tables of a primitive polynomial; addition is XOR. */
public final class GaloisField {
    /** Primitive polynomials (with the x^m term) by m. */
    private static final int[] PRIMITIVE = {0, 0x3, 0x7, 0xB, 0x13, 0x25, 0x43, 0x89, 0x11D};
    private final int q;
    private final int[] log;
    private final int[] exp;

    public GaloisField(int q) {
        if (q < 2 || q > 256 || Integer.bitCount(q) != 1) {
            throw new IllegalArgumentException("GF(q) needs q a power of two from 2 to 256, got " + q);
        }
        this.q = q;
        this.log = new int[q];
        this.exp = new int[2 * q];
        int poly = PRIMITIVE[Integer.numberOfTrailingZeros(q)];
        int a = 1;
        for (int i = 0; i < q - 1; i++) {
            exp[i] = a;
            log[a] = i;
            a <<= 1;
            if (a >= q) {
                a ^= poly;
            }
        }
        for (int i = q - 1; i < 2 * q; i++) {
            exp[i] = exp[i - (q - 1)];
        }
    }

    public int size() {
        return q;
    }

    public int mul(int a, int b) {
        return a == 0 || b == 0 ? 0 : exp[log[a] + log[b]];
    }

    public int inverse(int a) {
        if (a == 0) {
            throw new ArithmeticException("0 has no inverse in GF(" + q + ")");
        }
        return exp[(q - 1 - log[a]) % (q - 1)];
    }
}

package org.sigflow.blocks.fec;

/**
 * GNU Radio 3.10's polar successive-cancellation list decoder ({@code polar_decoder_sc_list} with its
 * {@code scl_list}), step for step: up to L paths, each an LLR and a partial-sum buffer; an information bit doubles
 * the paths while fewer than L are active, then branches all 2L and keeps the L of smallest path metric (metric +
 * |LLR| where a path's bit disagrees with its LLR's sign). Kept as GNU Radio keeps them, since they change the bits:
 * a branch shares its parent's buffers and a kept branch takes a copy into a dropped path's buffers (even where that
 * path's buffers are still shared), the order of equal metrics is std::sort's for 2L ≤ 16 (an insertion sort, so
 * stable; larger lists are refused), and the paths stay in their last order from frame to frame.
 */
final class PolarListDecoder extends PolarCoders.FixedDecoder {
    private static final class Path {
        float metric;
        boolean owns;
        float[] llr;
        byte[] u;
    }

    private final int size;
    private final Path[] list;
    private int activeCount = 1;
    private int activePos;

    PolarListDecoder(PolarCode code, int listSize) {
        if (listSize < 1 || listSize > 8 || Integer.bitCount(listSize) != 1) {
            throw new IllegalArgumentException("polar SC list decoder: list size must be 1, 2, 4 or 8, got " + listSize
                    + " (GNU Radio's needs a power of 2; above 8 its sort order of equal metrics is not reproduced)");
        }
        super(code);
        this.size = listSize;
        int elements = code.n * (code.power + 1);
        list = new Path[2 * listSize];
        for (int i = 0; i < list.length; i++) {
            list[i] = new Path();
            if (i < listSize) {
                list[i].llr = new float[elements];
                list[i].u = new byte[elements];
                list[i].owns = true;
            }
        }
    }

    @Override
    public void decode(Object in, int ip, byte[] out, int op) {
        float[] f = (float[]) in;
        int n = code.n;
        Path first = list[0];
        for (int i = 0; i < n; i++) {
            first.llr[n * code.power + i] = f[ip + i] * PolarCode.LLR_FACTOR;
        }
        java.util.Arrays.fill(first.u, 0, n * code.power, (byte) 0);
        for (int bit = 0; bit < n; bit++) {
            for (int i = 0; i < activeCount; i++) {
                Path p = list[activePos++];
                code.butterfly(p.llr, p.u, bit);
            }
            if (code.frozen[bit]) {
                setFrozenBit(bit);
            } else {
                setInfoBit(bit);
            }
        }
        Path best = list[0];
        for (int i = 1; i < activeCount; i++) {
            if (list[i].metric < best.metric) {
                best = list[i];
            }
        }
        reset();
        for (int i = 0, o = op; i < n; i++) {
            if (!code.frozen[i]) {
                out[o++] = best.u[i];
            }
        }
    }

    private static float metric(float last, float llr, int bit) {
        return bit == 0 && llr > 0.0f || bit == 1 && llr < 0.0f ? last : last + Math.abs(llr);
    }

    private void setFrozenBit(int bit) {
        for (int i = 0; i < activeCount; i++) {
            list[i].u[bit] = 0;
            list[i].metric = metric(list[i].metric, list[i].llr[bit], 0);
        }
        activePos = 0;
    }

    private void setInfoBit(int bit) {
        if (activeCount < size) {
            int offset = activeCount;
            for (int i = 0; i < offset; i++) {
                Path a = list[i];
                Path b = list[i + offset];
                System.arraycopy(a.llr, 0, b.llr, 0, a.llr.length);
                System.arraycopy(a.u, 0, b.u, 0, a.u.length);
                b.metric = a.metric;
                activeCount++;
                a.metric = metric(a.metric, a.llr[bit], 0);
                b.metric = metric(b.metric, b.llr[bit], 1);
                a.u[bit] = 0;
                b.u[bit] = 1;
            }
        } else {
            for (int i = 0; i < size; i++) {
                Path original = list[i];
                Path branch = list[i + size];
                float llr = original.llr[bit];
                branch.metric = metric(original.metric, llr, 1);
                original.metric = metric(original.metric, llr, 0);
                branch.llr = original.llr;       // shared, its ownership flag left as it was (GNU Radio's)
                branch.u = original.u;
            }
            sortByMetric();
            for (int i = 0; i < size; i++) {
                Path p = list[i];
                if (!p.owns) {
                    int t = size;
                    while (!list[t].owns) {
                        t++;
                    }
                    Path donor = list[t];
                    System.arraycopy(p.llr, 0, donor.llr, 0, p.llr.length);
                    System.arraycopy(p.u, 0, donor.u, 0, p.u.length);
                    p.llr = donor.llr;
                    p.u = donor.u;
                    p.owns = true;
                    donor.owns = false;
                    p.u[bit] = 1;
                } else {
                    p.u[bit] = 0;
                }
            }
        }
        activePos = 0;
    }

    /** std::sort of 2L ≤ 16 paths: libstdc++'s insertion sort (equal metrics keep their order). */
    private void sortByMetric() {
        for (int i = 1; i < list.length; i++) {
            Path p = list[i];
            int j = i - 1;
            while (j >= 0 && p.metric < list[j].metric) {
                list[j + 1] = list[j];
                j--;
            }
            list[j + 1] = p;
        }
    }

    private void reset() {
        list[0].metric = 0.0f;
        for (int i = 1; i < list.length; i++) {
            list[i].metric = 0.0f;
        }
        activeCount = 1;
        activePos = 0;
    }
}

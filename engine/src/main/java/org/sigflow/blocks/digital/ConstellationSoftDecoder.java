package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code constellation_soft_decoder}: GNU Radio's {@code constellation_soft_decoder_cf}: bits_per_symbol
 * log-likelihood ratios per sample, most significant bit first, from GNU Radio's {@code calc_soft_dec} (each point's
 * weight exp(−|x − p| / npwr), npwr 1, summed per bit value of its symbol code, log(ones) − log(zeros)), or, with a
 * look-up table (GRC's {@code soft_dec_lut: 'auto'}), from GNU Radio's {@code gen_soft_dec_lut(precision)} grid
 * over [−1, 1]² and its index rule (clip to ±0.99, floor((1 + x)·2^precision/2)).
 */
final class ConstellationSoftDecoder extends SyncBlock {
    private final float[] points;
    private final int[] code;
    private final int k;
    private final float lutScale;
    private final float[][] lut;

    ConstellationSoftDecoder(Constellation c, int precision) {
        super(1, c.bitsPerSymbol());
        this.points = c.points;
        int m = points.length / 2;
        this.code = new int[m];
        for (int i = 0; i < m; i++) {
            code[i] = c.applyPreDiffCode ? c.preDiffCode[i] : i;
        }
        this.k = (int) (Math.log(m) / Math.log(2.0));
        if (precision > 0) {
            lutScale = (float) Math.pow(2.0f, (float) precision);
            java.util.List<float[]> table = new java.util.ArrayList<>();
            float maxd = 1.0f;
            float step = (2.0f * maxd) / (lutScale - 1);
            for (float y = -maxd; y < maxd + (step / 2); y += step) {
                for (float x = -maxd; x < maxd + (step / 2); x += step) {
                    table.add(soft(x, y));
                }
            }
            lut = table.toArray(new float[0][]);
        } else {
            lutScale = 0;
            lut = null;
        }
    }

    /** GNU Radio's calc_soft_dec(sample, npwr = 1). */
    private float[] soft(float re, float im) {
        float[] tmp = new float[2 * k];
        for (int i = 0; i < points.length / 2; i++) {
            float dist = (float) Math.hypot(re - points[2 * i], im - points[2 * i + 1]);
            float d = (float) Math.exp(-dist / 1.0f);
            for (int j = 0; j < k; j++) {
                tmp[2 * j + ((code[i] >> j) & 1)] += d;
            }
        }
        float[] s = new float[k];
        for (int i = 0; i < k; i++) {
            s[k - 1 - i] = (float) Math.log(tmp[2 * i + 1]) - (float) Math.log(tmp[2 * i]);
        }
        return s;
    }

    private static float clip(float x) {
        float c = 0.99f;
        return (float) (0.5 * (Math.abs(x + c) - Math.abs(x - c)));
    }

    private float[] decide(float re, float im) {
        if (lut == null) {
            return soft(re, im);
        }
        float scale = lutScale / 2.0f;
        float xre = (float) Math.floor((1.0f + clip(re)) * scale);
        float xim = (float) Math.floor((1.0f + clip(im)) * scale);
        int index = (int) (lutScale * xim + xre);
        int max = (int) (lutScale * lutScale);
        while (index >= max) {
            index = (int) (index - lutScale);
        }
        while (index < 0) {
            index = (int) (index + lutScale);
        }
        return lut[index];
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] out = io.out(0).floats();
        int ip = io.in(0).offset();
        int op = io.out(0).offset();
        int bps = interpolation();
        for (int i = 0; i < steps; i++) {
            float[] bits = decide(x[ip + 2 * i], x[ip + 2 * i + 1]);
            System.arraycopy(bits, 0, out, op + bps * i, Math.min(bps, bits.length));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "constellation_soft_decoder";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "constellation_soft_decoder '" + s.instanceId() + "'";
            Constellation c = Constellation.from(s, name);
            int precision = s.integer("lut_precision");
            if (c.dims != 1 || c.bitsPerSymbol() < 1 || precision < 0 || precision > 12) {
                throw new IllegalArgumentException(name + ": needs a 1-dimensional constellation of 2 or more points "
                        + "and a look-up table precision of 0 (none) to 12 bits (got " + precision + ")");
            }
            return new ConstellationSoftDecoder(c, precision);
        }
    }
}

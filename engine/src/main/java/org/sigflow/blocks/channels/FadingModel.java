package org.sigflow.blocks.channels;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Mt19937;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fading_model}: GNU Radio's {@code channels.fading_model} ({@code flat_fader_impl}): a sum of N sinusoids
 * (Rayleigh, or Rician with a line-of-sight component and factor K) whose angle of arrival takes a random walk,
 * multiplied onto the input. Its arithmetic and random numbers are GNU Radio's: two {@code std::mt19937} seeded
 * seed and seed + 1 with {@code uniform_real_distribution<double>}, the 8192-entry cosine table of
 * {@code sincostable.h} (index truncated), the phases in float through a double {@code fmod}, so the samples equal
 * GNU Radio's for the same seed.
 */
public final class FadingModel extends ComplexSampleBlock {
    private static final int TABLE = 8 * 1024;
    private static final float[] COS = new float[TABLE];
    private static final float SCALE = (float) (TABLE / (Math.PI * 2));

    static {
        for (int i = 0; i < TABLE; i++) {
            COS[i] = (float) Math.cos(2 * Math.PI * i / TABLE);
        }
    }

    private final Mt19937 rng2;
    private final int n;
    private final float fdts;
    private final boolean los;
    private double theta;
    private final float thetaLos;
    private float step;
    private final float[] psi;
    private final float[] phi;
    private final float scaleSin;
    private final float scaleLos;
    private final float scaleNlos;

    FadingModel(int n, float fdts, boolean los, float k, long seed) {
        this.n = n;
        this.fdts = fdts;
        this.los = los;
        this.step = (float) Math.pow((float) (0.00125 * fdts), 1.1f);
        this.scaleSin = (float) Math.sqrt((float) (1.0 / n));
        this.scaleLos = (float) Math.sqrt(k) / (float) Math.sqrt(k + 1);
        this.scaleNlos = 1 / (float) Math.sqrt(k + 1);
        Mt19937 rng1 = new Mt19937(seed & 0xffffffffL);
        this.rng2 = new Mt19937((seed + 1) & 0xffffffffL);
        this.theta = rng1.uniform(-Math.PI, Math.PI);
        this.thetaLos = (float) rng1.uniform(-Math.PI, Math.PI);
        this.psi = new float[n + 1];
        this.phi = new float[n + 1];
        for (int i = 0; i < n + 1; i++) {
            psi[i] = (float) rng1.uniform(-Math.PI, Math.PI);
            phi[i] = (float) rng1.uniform(-Math.PI, Math.PI);
        }
    }

    private static float cos(float x) {
        return COS[Math.floorMod((int) (x * SCALE) + TABLE, TABLE)];
    }

    private static float sin(float x) {
        return COS[Math.floorMod((int) (x * SCALE) + TABLE - TABLE / 4, TABLE)];
    }

    @Override
    protected void map(float ar, float ai, float[] out) {
        float hr = 0f;
        float hi = 0f;
        for (int m = 1; m < n + 1; m++) {
            float alpha = (float) ((2 * Math.PI * m - Math.PI + theta) / (4 * n));
            psi[m] = (float) ((psi[m] + 2 * Math.PI * fdts * cos(alpha)) % (2 * Math.PI));
            phi[m] = (float) ((phi[m] + 2 * Math.PI * fdts * cos(alpha)) % (2 * Math.PI));
            hr += scaleSin * cos(psi[m]);
            hi += scaleSin * sin(phi[m]);
        }
        if (los) {
            psi[0] = (float) ((psi[0] + 2 * Math.PI * fdts * cos(thetaLos)) % (2 * Math.PI));
            hr = hr * scaleNlos + scaleLos * cos(psi[0]);
            hi = hi * scaleNlos + scaleLos * sin(psi[0]);
        }
        theta += step * rng2.uniform(0, 1);
        if (theta > Math.PI) {
            theta = Math.PI;
            step = -step;
        } else if (theta < -Math.PI) {
            theta = -Math.PI;
            step = -step;
        }
        out[0] = ar * hr - ai * hi;
        out[1] = ar * hi + ai * hr;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "fading_model";
        }

        @Override
        public FadingModel create(BlockSetup s) {
            int n = s.integer("N");
            if (n < 1) {
                throw new IllegalArgumentException("fading_model '" + s.instanceId() + "': needs at least 1 sinusoid,"
                        + " got " + n);
            }
            return new FadingModel(n, (float) s.real("fDTs"), s.bool("LOS"), (float) s.real("K"), s.longValue("seed"));
        }
    }
}

package org.sigflow.blocks.channels;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FxptNco;
import org.sigflow.dsp.GnuRadioRandom;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code channel_impairments}: GNU Radio's {@code channels.impairments} hier block as one block, stage by stage in
 * its float arithmetic: the frequency offset removed (conjugate of {@code sig_source_c}'s fixed-point tone), phase
 * noise (Gaussian, GNU Radio's generator with its seed 42, amplitude 10^(dB/20), single-pole low-pass 0.01, applied
 * as cos + j sin), third-order (x + β x|x|²) and second-order (x + γ (x² + |x|²)) distortion, transmitter IQ
 * imbalance (I·10^(mag/20) → I cos φ, Q + I sin φ), DC offset, and the frequency offset applied again.
 */
public final class ChannelImpairments extends ComplexSampleBlock {
    private final FxptNco nco;
    private final GnuRadioRandom random = new GnuRadioRandom(42);
    private final float noiseAmpl;
    private final float beta;
    private final float gamma;
    private final float magGain;
    private final float cosPhase;
    private final float sinPhase;
    private final float iOfs;
    private final float qOfs;
    private double noisePrev;
    private final float[] tone = new float[2];

    ChannelImpairments(double phaseNoiseDb, double magbal, double phasebal, double qOfs, double iOfs,
                       double freqOffset, double gamma, double beta) {
        this.nco = new FxptNco((float) (2 * Math.PI * freqOffset / 1.0));
        this.noiseAmpl = (float) Math.pow(10.0, phaseNoiseDb / 20.0);
        this.beta = (float) beta;
        this.gamma = (float) gamma;
        this.magGain = (float) Math.pow(10, magbal / 20.0);
        this.cosPhase = (float) Math.cos(phasebal * Math.PI / 180.0);
        this.sinPhase = (float) Math.sin(phasebal * Math.PI / 180.0);
        this.iOfs = (float) iOfs;
        this.qOfs = (float) qOfs;
    }

    @Override
    protected void map(float ar, float ai, float[] out) {
        nco.sincos(tone, 0);
        float sr = tone[0];
        float si = tone[1];
        // freq_modulator: conj(tone) * x
        float br = sr * ar - (-si) * ai;
        float bi = sr * ai + (-si) * ar;
        // phase noise: x * (cos p + j sin p), p the low-passed Gaussian
        float noise = noiseAmpl * random.gasdev();
        noisePrev = 0.01 * noise + (1 - 0.01) * noisePrev;
        float p = (float) noisePrev;
        float pc = (float) Math.cos(p);
        float ps = (float) Math.sin(p);
        float cr = br * pc - bi * ps;
        float ci = br * ps + bi * pc;
        // third order: x + beta * (x * |x|^2)
        float m = cr * cr + ci * ci;
        float tr = cr * m - ci * 0f;
        float ti = cr * 0f + ci * m;
        float dr = cr + (tr * beta - ti * 0f);
        float di = ci + (tr * 0f + ti * beta);
        // second order: x + gamma * (x * x + x * conj(x))
        float sqr = dr * dr - di * di;
        float sqi = dr * di + di * dr;
        float pwr = dr * dr - di * (-di);
        float pwi = dr * (-di) + di * dr;
        float sr2 = sqr + pwr;
        float si2 = sqi + pwi;
        float er = dr + (sr2 * gamma - si2 * 0f);
        float ei = di + (sr2 * 0f + si2 * gamma);
        // IQ imbalance (transmitter): I' = (I g) cos, Q' = (I g) sin + Q
        float ig = er * magGain;
        float fr = ig * cosPhase;
        float fi = ig * sinPhase + ei;
        // DC offset
        fr += iOfs;
        fi += qOfs;
        // freq_modulator_dcoffs: tone * x
        out[0] = sr * fr - si * fi;
        out[1] = sr * fi + si * fr;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "channel_impairments";
        }

        @Override
        public ChannelImpairments create(BlockSetup s) {
            return new ChannelImpairments(s.real("phase_noise_mag"), s.real("magbal"), s.real("phasebal"),
                    s.real("q_ofs"), s.real("i_ofs"), s.real("freq_offset"), s.real("gamma"), s.real("beta"));
        }
    }
}

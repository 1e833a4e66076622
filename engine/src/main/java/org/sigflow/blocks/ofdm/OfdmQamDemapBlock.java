package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.ofdm.OfdmPlan;
import org.sigflow.ofdm.OfdmSymbols;
import org.sigflow.ofdm.Qam16;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code ofdm_qam_demap}: per OFDM symbol (an unshifted FFT of {@code fft_size} bins) the common complex gain from
 * the pilots (least squares), the data carriers equalised by it (output 0, a vector of data points), and against
 * what was sent (recomputed from the seed) the symbol's bit errors and summed squared error vector (output 1).
 */
public final class OfdmQamDemapBlock extends SyncBlock {
    private final OfdmPlan plan;
    private final OfdmSymbols sent;

    OfdmQamDemapBlock(OfdmPlan plan, OfdmSymbols sent) {
        this.plan = plan;
        this.sent = sent;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        float[] stats = io.out(1).floats();
        int[] data = plan.dataBins();
        for (int k = 0; k < steps; k++) {
            int in = io.in(0).offset() + k * 2 * plan.fftSize();
            // g = sum(r p) / sum(p^2) over the pilots (real BPSK p); equalise by 1/g
            double gr = 0;
            double gi = 0;
            double pp = 0;
            for (int i = 0; i < plan.pilotBins().length; i++) {
                float p = plan.pilotValues()[i];
                gr += x[in + 2 * plan.pilotBins()[i]] * p;
                gi += x[in + 2 * plan.pilotBins()[i] + 1] * p;
                pp += p * p;
            }
            gr /= pp;
            gi /= pp;
            double g2 = Math.max(gr * gr + gi * gi, 1e-30);
            int[] v = sent.values(io.in(0).position() + k);
            int out = io.out(0).offset() + k * 2 * data.length;
            int bitErrors = 0;
            double errorPower = 0;
            for (int i = 0; i < data.length; i++) {
                float re = x[in + 2 * data[i]];
                float im = x[in + 2 * data[i] + 1];
                float er = (float) ((re * gr + im * gi) / g2);
                float ei = (float) ((im * gr - re * gi) / g2);
                y[out + 2 * i] = er;
                y[out + 2 * i + 1] = ei;
                bitErrors += Integer.bitCount(Qam16.decide(er, ei) ^ v[i]);
                double dr = er - Qam16.re(v[i]);
                double di = ei - Qam16.im(v[i]);
                errorPower += dr * dr + di * di;
            }
            stats[io.out(1).offset() + 2 * k] = bitErrors;
            stats[io.out(1).offset() + 2 * k + 1] = (float) errorPower;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_qam_demap";
        }

        @Override
        public OfdmQamDemapBlock create(BlockSetup s) {
            return new OfdmQamDemapBlock(OfdmParams.plan(s), OfdmParams.sent(s));
        }
    }
}

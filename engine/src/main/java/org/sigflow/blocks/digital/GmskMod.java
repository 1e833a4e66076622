package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FxptNco;
import org.sigflow.dsp.VolkDotProduct;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code gmsk_mod}: GNU Radio's {@code digital.gmsk_mod} hier block as one block: bytes unpacked most significant
 * bit first (or one bit per byte), NRZ (−1, +1), GNU Radio's Gaussian filter ({@code firdes.gaussian(1, sps, bt,
 * 4 sps)} convolved with a rectangle of sps ones) as an interpolating FIR by sps on zero history, and GNU Radio's
 * {@code frequency_modulator_fc} with sensitivity (π/2)/sps (float phase folded into [−π, π), fixed-point sine
 * table); the filter's dot products in VOLK's order, so samples equal GNU Radio's.
 */
final class GmskMod implements Block {
    private final int sps;
    private final boolean unpack;
    private final float[][] arms;
    private final float[] symbols;   // the last arms[0].length symbols, newest last
    private final float sensitivity;
    private float phase;
    /** Symbols so far (the stream index after the newest). */
    private long count;
    /** The byte being sent and how many of its bits have gone out. */
    private int current;
    private int bitIndex;
    private final float[] point = new float[2];

    GmskMod(int sps, double bt, boolean unpack) {
        this.sps = sps;
        this.unpack = unpack;
        float[] gauss = gaussian(sps, bt, 4 * sps);
        double[] taps = new double[gauss.length + sps - 1];
        for (int i = 0; i < gauss.length; i++) {
            for (int k = 0; k < sps; k++) {
                taps[i + k] += gauss[i];
            }
        }
        int perArm = (taps.length + sps - 1) / sps;
        arms = new float[sps][perArm];
        for (int j = 0; j < sps; j++) {
            for (int k = 0; k < perArm; k++) {
                int t = j + k * sps;
                arms[j][k] = t < taps.length ? (float) taps[t] : 0f;
            }
        }
        symbols = new float[perArm];
        sensitivity = (float) ((Math.PI / 2) / sps);
        bitIndex = unpack ? 8 : 1;
    }

    /** GNU Radio's {@code firdes::gaussian(gain 1, spb, bt, ntaps)}: float taps normalised by their double sum. */
    static float[] gaussian(double spb, double bt, int ntaps) {
        float[] taps = new float[ntaps];
        double scale = 0;
        double dt = 1.0 / spb;
        double s = 1.0 / (Math.sqrt(Math.log(2.0)) / (2 * Math.PI * bt));
        double t0 = -0.5 * ntaps;
        for (int i = 0; i < ntaps; i++) {
            t0++;
            double ts = s * dt * t0;
            taps[i] = (float) Math.exp(-0.5 * ts * ts);
            scale += taps[i];
        }
        for (int i = 0; i < ntaps; i++) {
            taps[i] = (float) (taps[i] / scale * 1);
        }
        return taps;
    }

    @Override
    public double relativeRate() {
        return unpack ? 8.0 * sps : sps;
    }

    /** One bit's sps outputs at a time, so a byte may be spread over calls (any output space of sps or more). */
    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        float[] out = io.out(0).floats();
        int op = io.out(0).offset();
        int space = io.out(0).space();
        int bits = unpack ? 8 : 1;
        int produced = 0;
        int consumed = 0;
        float fPi = (float) Math.PI;
        while (produced + sps <= space) {
            if (bitIndex == bits) {
                if (consumed == in.available()) {
                    break;
                }
                current = in.bytes()[in.offset() + consumed] & 0xff;
                consumed++;
                bitIndex = 0;
            }
            int bit = unpack ? (current >> (7 - bitIndex)) & 1 : current;
            bitIndex++;
            System.arraycopy(symbols, 1, symbols, 0, symbols.length - 1);
            symbols[symbols.length - 1] = bit == 0 ? -1f : 1f;   // chunks_to_symbols([-1, 1])
            count++;
            for (int j = 0; j < sps; j++) {
                // GNU Radio's interp_fir_filter_fff: arm j over the window of the last symbols (VOLK's order)
                float acc = VolkDotProduct.real(arms[j], symbols, 0, count - symbols.length);
                phase = phase + sensitivity * acc;
                phase = (phase + fPi) % (2.0f * fPi) - fPi;
                FxptNco.sincos(FxptNco.floatToFixed(phase), point, 0);
                out[op + 2 * produced] = point[0];
                out[op + 2 * produced + 1] = point[1];
                produced++;
            }
        }
        io.consume(0, consumed);
        io.produce(0, produced);
        if (produced == 0 && bitIndex == bits && in.finished() && in.available() == consumed) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "gmsk_mod";
        }

        @Override
        public GmskMod create(BlockSetup s) {
            int sps = s.integer("samples_per_symbol");
            double bt = s.real("bt");
            if (sps < 2 || !(bt > 0)) {
                throw new IllegalArgumentException("gmsk_mod '" + s.instanceId() + "': needs samples per symbol >= 2 "
                        + "(got " + sps + ") and BT > 0 (got " + bt + ")");
            }
            return new GmskMod(sps, bt, s.bool("do_unpack"));
        }
    }
}

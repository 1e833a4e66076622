package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.RootRaisedCosine;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code constellation_modulator}: GNU Radio's {@code digital.generic_mod} as one block. Bytes are cut into
 * bits_per_symbol-bit chunks, most significant bit first, across byte boundaries (packed_to_unpacked_bb); the
 * constellation's pre-differential code maps them when it applies one (map_bb); differential encoding adds the
 * previous output modulo 2^bits (diff_encoder_bb); the chunk picks its point (chunks_to_symbols_bc); a 32-filter
 * polyphase arbitrary resampler at rate sps with GNU Radio's root-raised-cosine prototype (gain 32, 11 × 32 ×
 * int(sps) taps) shapes the pulses (pfb_arb_resampler_ccf); truncate drops the filter's first
 * int((11 sps² − sps) / 2) outputs (skiphead). Outputs are computed per input byte into a small queue, so call sizes
 * do not change them.
 */
final class ConstellationModulator implements Block {
    private final Constellation constellation;
    private final int bits;
    private final int arity;
    private final boolean differential;
    private final PfbArbResampler resampler;
    private final double rate;
    private final String name;
    private long skip;
    private int lastSymbol;
    private int bitBuffer;
    private int bitCount;
    private float[] queue = new float[1024];
    private int queueStart;
    private int queueEnd;

    ConstellationModulator(Constellation c, boolean differential, double sps, double excessBw, boolean truncate,
                           String name) {
        this.constellation = c;
        this.bits = c.bitsPerSymbol();
        this.arity = 1 << bits;
        this.differential = differential;
        this.name = name;
        int nfilts = 32;
        int perFilt = 11;
        float[] taps = RootRaisedCosine.taps(nfilts, nfilts, 1.0, excessBw, nfilts * perFilt * (int) sps);
        this.resampler = new PfbArbResampler((float) sps, taps, nfilts);
        this.rate = sps * 8 / bits;
        this.skip = truncate ? (long) ((perFilt * sps * sps - sps) / 2.0) : 0;
    }

    @Override
    public double relativeRate() {
        return rate;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int space = out.space();
        int used = 0;
        byte[] bytes = in.bytes();
        while (queueEnd - queueStart < 2 * space && used < in.available()) {
            modulate(bytes[in.offset() + used] & 0xff);
            used++;
        }
        int n = Math.min(space, (queueEnd - queueStart) / 2);
        System.arraycopy(queue, queueStart, out.floats(), out.offset(), 2 * n);
        queueStart += 2 * n;
        io.consume(0, used);
        io.produce(0, n);
        if (n == 0 && used == 0 && in.finished() && in.available() == 0 && queueStart == queueEnd) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    /** All samples of a finite byte vector (GNU Radio's generic_mod run over a vector source to its end). */
    float[] modulateAll(int[] data) {
        for (int b : data) {
            modulate(b & 0xff);
        }
        return java.util.Arrays.copyOfRange(queue, queueStart, queueEnd);
    }

    private void modulate(int b) {
        bitBuffer = (bitBuffer << 8) | b;
        bitCount += 8;
        while (bitCount >= bits) {
            bitCount -= bits;
            int chunk = (bitBuffer >>> bitCount) & (arity - 1);
            if (constellation.applyPreDiffCode) {
                chunk = constellation.preDiffCode[chunk];
            }
            if (differential) {
                chunk = arity == 2 ? (chunk ^ lastSymbol) & 1 : (chunk + lastSymbol) % arity;
                lastSymbol = chunk;
            }
            if (2 * chunk + 1 >= constellation.points.length) {
                throw new IllegalStateException(name + ": symbol " + chunk + " has no point in the constellation of "
                        + constellation.points.length / 2 + " points");
            }
            emit(constellation.points[2 * chunk], constellation.points[2 * chunk + 1]);
        }
        bitBuffer &= (1 << bitCount) - 1;
    }

    private void emit(float re, float im) {
        if (queueStart == queueEnd) {
            queueStart = 0;
            queueEnd = 0;
        }
        int most = 2 * resampler.maxOutputsPerInput();
        if (queueEnd + most > queue.length) {
            System.arraycopy(queue, queueStart, queue, 0, queueEnd - queueStart);
            queueEnd -= queueStart;
            queueStart = 0;
            if (queueEnd + most > queue.length) {
                queue = java.util.Arrays.copyOf(queue, 2 * (queueEnd + most));
            }
        }
        int n = resampler.push(re, im, queue, queueEnd);
        int dropped = (int) Math.min(skip, n);
        if (dropped > 0) {
            System.arraycopy(queue, queueEnd + 2 * dropped, queue, queueEnd, 2 * (n - dropped));
            skip -= dropped;
        }
        queueEnd += 2 * (n - dropped);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "constellation_modulator";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "constellation_modulator '" + s.instanceId() + "'";
            Constellation c = Constellation.from(s, name);
            double sps = s.real("samples_per_symbol");
            double excessBw = s.real("excess_bw");
            if (!(sps >= 2)) {
                throw new IllegalArgumentException(name + ": samples per symbol must be at least 2 (GNU Radio's "
                        + "generic_mod), got " + sps);
            }
            if (!(excessBw > 0 && excessBw <= 1)) {
                throw new IllegalArgumentException(name + ": excess bandwidth must be in (0, 1], got " + excessBw);
            }
            if (c.bitsPerSymbol() < 1 || c.bitsPerSymbol() > 8) {
                throw new IllegalArgumentException(name + ": a constellation of " + c.arity() + " points carries "
                        + c.bitsPerSymbol() + " bits per symbol; the modulator needs 1 to 8");
            }
            return new ConstellationModulator(c, s.bool("differential"), sps, excessBw, s.bool("truncate"), name);
        }
    }
}

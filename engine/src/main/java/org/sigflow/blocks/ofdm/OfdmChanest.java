package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code ofdm_chanest}: GNU Radio's {@code ofdm_chanest_vcvc}, step for step. Each frame is the sync symbol(s) and
 * n_data_symbols OFDM symbols (vectors of fft_len, DC-centred); the data symbols go out with two tags on the first:
 * {@code ofdm_sync_carr_offset} (the integer carrier offset, in steps of 2, found by correlating the two received
 * sync symbols with the known ones, or the power differences of one) and {@code ofdm_sync_chan_taps} (received /
 * known reference symbol per carrier, a c32 vector; with one sync symbol of every other carrier, interpolated). The
 * optional second output carries the taps as a vector. The frame's tags move to the data (sync ones to the first).
 */
final class OfdmChanest implements Block {
    private final int fftLen;
    private final int nData;
    private final int nSync;
    private final float[] refSym;
    private final float[] corrV;              // interleaved, empty with one sync symbol
    private final float[] knownDiffs;         // one sync symbol only
    private final int firstActive;
    private int lastActive;
    private final boolean interpolate;
    private final int maxNeg;
    private final int maxPos;

    OfdmChanest(float[] sync1, float[] sync2, int nData, int maxCarrOffset, boolean forceOne) {
        this.fftLen = sync1.length / 2;
        this.nData = nData;
        boolean two = sync2.length > 0 && !forceOne;
        this.nSync = two ? 2 : 1;
        this.refSym = two ? sync2 : sync1;
        int first = 0;
        int last = sync2.length / 2 - 1;
        for (int i = 0; i < fftLen; i++) {
            if (refSym[2 * i] != 0 || refSym[2 * i + 1] != 0) {
                first = i;
                break;
            }
        }
        for (int i = fftLen - 1; i >= 0; i--) {
            if (refSym[2 * i] != 0 || refSym[2 * i + 1] != 0) {
                last = i;
                break;
            }
        }
        boolean interp = false;
        if (sync2.length == 0 && sync1[2 * (first + 1)] == 0 && sync1[2 * (first + 1) + 1] == 0) {
            last++;
            interp = true;
        }
        this.firstActive = first;
        this.lastActive = last;
        this.interpolate = interp;
        int neg = -first;
        int pos = fftLen - last - 1;
        if (maxCarrOffset != -1) {
            neg = Math.max(-maxCarrOffset, neg);
            pos = Math.min(maxCarrOffset, pos);
        }
        if (neg % 2 != 0) {
            neg++;
        }
        if (pos % 2 != 0) {
            pos--;
        }
        this.maxNeg = neg;
        this.maxPos = pos;
        if (nSync == 2) {
            corrV = sync2.clone();
            for (int i = 0; i < fftLen; i++) {
                float ar = sync1[2 * i];
                float ai = sync1[2 * i + 1];
                if (ar == 0 && ai == 0) {
                    corrV[2 * i] = 0;
                    corrV[2 * i + 1] = 0;
                } else {                                    // corr_v[i] /= sync_symbol1[i]
                    float[] q = divide(corrV[2 * i], corrV[2 * i + 1], ar, ai);
                    corrV[2 * i] = q[0];
                    corrV[2 * i + 1] = q[1];
                }
            }
            knownDiffs = new float[0];
        } else {
            corrV = new float[0];
            knownDiffs = new float[fftLen];
            for (int i = first; i < last - 2 && i < fftLen - 2; i += 2) {
                knownDiffs[i] = norm(sync1[2 * i] - sync1[2 * i + 4], sync1[2 * i + 1] - sync1[2 * i + 5]);
            }
        }
    }

    private static float norm(float re, float im) {
        return re * re + im * im;
    }

    /** std::complex&lt;float&gt; division (the reference symbols are ±1, ±√2 or other exact values). */
    private static float[] divide(float ar, float ai, float br, float bi) {
        float[] q = new float[2];
        OfdmEqualizer.divide(ar, ai, br, bi, q);
        return q;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return (double) nData / (nData + nSync);
    }

    @Override
    public int outputMultiple() {
        return nData;
    }

    private int carrierOffset(float[] x, int s1, int s2) {
        int offset = 0;
        if (corrV.length > 0) {
            float best = 0;
            for (int g = maxNeg; g <= maxPos; g += 2) {
                float re = 0;
                float im = 0;
                for (int k = 0; k < fftLen; k++) {
                    float cr = corrV[2 * k];
                    float ci = -corrV[2 * k + 1];
                    if (cr == 0 && ci == 0) {
                        continue;
                    }
                    // conj(sync1[k+g]) * conj(corr_v[k]) * sync2[k+g], left to right in float
                    float ar = x[s1 + 2 * (k + g)];
                    float ai = -x[s1 + 2 * (k + g) + 1];
                    float pr = ar * cr - ai * ci;
                    float pi = ar * ci + ai * cr;
                    float br = x[s2 + 2 * (k + g)];
                    float bi = x[s2 + 2 * (k + g) + 1];
                    re += pr * br - pi * bi;
                    im += pr * bi + pi * br;
                }
                float mag = (float) Math.hypot(re, im);
                if (mag > best) {
                    best = mag;
                    offset = g;
                }
            }
            return offset;
        }
        float[] diffs = new float[fftLen];
        for (int i = 0; i < fftLen - 2; i++) {
            diffs[i] = norm(x[s1 + 2 * i] - x[s1 + 2 * i + 4], x[s1 + 2 * i + 1] - x[s1 + 2 * i + 5]);
        }
        float max = 0;
        for (int g = maxNeg; g <= maxPos; g += 2) {
            float sum = 0;
            for (int j = 0; j < fftLen; j++) {
                if (knownDiffs[j] != 0 && j + g >= 0 && j + g < fftLen) {
                    sum += knownDiffs[j] * diffs[j + g];
                }
                if (sum > max) {                           // GNU Radio compares inside the carrier loop
                    max = sum;
                    offset = g;
                }
            }
        }
        return offset;
    }

    private float[] taps(float[] x, int s1, int s2, int offset) {
        int sym = nSync == 2 ? s2 : s1;
        float[] taps = new float[2 * fftLen];
        int start = Math.max(0, offset);
        int end = offset < 0 ? fftLen + offset : fftLen;
        for (int i = start; i < end; i++) {
            int r = i - offset;
            if (refSym[2 * r] != 0 || refSym[2 * r + 1] != 0) {
                float[] q = divide(x[sym + 2 * i], x[sym + 2 * i + 1], refSym[2 * r], refSym[2 * r + 1]);
                taps[2 * r] = q[0];
                taps[2 * r + 1] = q[1];
            }
        }
        if (interpolate) {
            for (int i = firstActive + 1; i < lastActive; i += 2) {
                taps[2 * i] = taps[2 * (i - 1)];
                taps[2 * i + 1] = taps[2 * (i - 1) + 1];
            }
            taps[2 * lastActive] = taps[2 * (lastActive - 1)];
            taps[2 * lastActive + 1] = taps[2 * (lastActive - 1) + 1];
        }
        return taps;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int frame = nSync + nData;
        int frames = Math.min(in.available() / frame, out.space() / nData);
        if (io.outputCount() > 1) {
            frames = Math.min(frames, io.out(1).space());
        }
        if (frames == 0) {
            return in.finished() && in.available() < frame ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        float[] x = in.floats();
        float[] y = out.floats();
        java.util.List<Tag> tags = in.tags(frames * frame);
        for (int f = 0; f < frames; f++) {
            int s1 = in.offset() + 2 * f * frame * fftLen;
            int s2 = s1 + 2 * fftLen;
            int offset = carrierOffset(x, s1, s2);
            float[] taps = taps(x, s1, s2, offset);
            long at = out.position() + (long) f * nData;
            out.addTag(at, "ofdm_sync_carr_offset", (long) offset);
            out.addTag(at, "ofdm_sync_chan_taps", new Pmt.Uniform(UniformKind.C32, taps.clone()));
            if (io.outputCount() > 1) {
                System.arraycopy(taps, 0, io.out(1).floats(), io.out(1).offset() + 2 * f * fftLen, 2 * fftLen);
            }
            System.arraycopy(x, s1 + 2 * nSync * fftLen, y, out.offset() + 2 * f * nData * fftLen,
                    2 * nData * fftLen);
            long from = in.position() + (long) f * frame;
            for (Tag t : tags) {
                if (t.offset() >= from && t.offset() < from + frame) {
                    out.addTag(at + Math.max(0, t.offset() - from - nSync), t.key(), t.value());
                }
            }
        }
        io.consume(0, frames * frame);
        io.produce(0, frames * nData);
        if (io.outputCount() > 1) {
            io.produce(1, frames);
        }
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_chanest";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_chanest '" + s.instanceId() + "'";
            float[] sync1 = s.complexes("sync_symbol1");
            float[] sync2 = s.complexes("sync_symbol2");
            int nData = s.integer("n_data_symbols");
            if (sync1.length == 0 || (sync2.length > 0 && sync2.length != sync1.length)) {
                throw new IllegalArgumentException(name + ": sync symbol 1 must not be empty and sync symbol 2 empty "
                        + "or as long (" + sync1.length / 2 + " and " + sync2.length / 2 + " values)");
            }
            if (nData < 1) {
                throw new IllegalArgumentException(name + ": n_data_symbols must be at least 1, got " + nData);
            }
            return new OfdmChanest(sync1, sync2, nData, s.integer("max_carr_offset"), s.bool("force_one_symbol"));
        }
    }
}

package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.VolkDotProduct;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code pfb_clock_sync}: GNU Radio 3.10's {@code pfb_clock_sync_ccf/_fff} step for step. The prototype (usually
 * a root-raised-cosine matched filter at nfilts times the sample rate) is cut into nfilts polyphase arms, and its
 * derivative ((h[i+2] − h[i]) normalised to nfilts / Σ|·|) likewise; for each symbol osps outputs come from arm
 * floor(k) at the current input position, the error is output × derivative output (complex: the mean of the I and
 * Q products), and the loop (GNU Radio's gains from loop bandwidth with its damping 2·nfilts, applied sps times per
 * symbol, rate clipped to ±max_dev) moves k, wrapping into the next or previous input sample. The filters' dot
 * products are VOLK's ({@link VolkDotProduct}) over GNU Radio's history of taps_per_filter + 2 sps − 1 zeros, so
 * samples equal GNU Radio's. Tags go where GNU Radio puts them (the complex version: every tag read since the
 * previous output onto output last + taps_per_filter/4 − 2; {@code time_est} tags reset k); the float version's
 * tags follow the nominal rate. The optional outputs are GNU Radio's error, rate and phase k per output.
 */
final class PfbClockSync implements Block {
    private final boolean real;
    private final int stride;
    private final int nfilters;
    private final int osps;
    private final double spsFloor;
    private final int spsStep;
    private final int tapsPerFilter;
    private final int history;
    private final float[][] filters;
    private final float[][] diffFilters;
    private final float alpha;
    private final float beta;
    private final float maxDev;
    private final float rateI;
    /** GNU Radio stops when fewer input items are left than its forecast asks for osps outputs. */
    private final int endRequirement;
    private float k;
    private float rateF;
    private float error;
    private int filtnum;
    /** Input items (zero history first) in {@code buf[0 … bufLen)}, padded index {@code bufStart} first. */
    private float[] buf;
    private int bufLen;
    private long bufStart;
    /** Padded index of GNU Radio's {@code in[count]} (it equals GNU Radio's nitems_read + count). */
    private long pos;
    private long totalIn;
    private long oldIn;
    private long lastOut;
    private final List<Tag> pending = new ArrayList<>();
    /** time_est tags timeEstimate has read (used or passed); they stay pending until propagated, as in GNU Radio. */
    private final java.util.Set<Tag> readTimeEst = new java.util.HashSet<>();
    private final float[] value = new float[2];
    /** Input items kept before the current symbol, so a loop that moves back reads the same whatever the calls. */
    private static final int LOOKBACK = 4096;

    PfbClockSync(boolean real, double sps, float loopBw, float[] taps, int nfilters, float initPhase, float maxDev,
                 int osps) {
        this.real = real;
        this.stride = real ? 1 : 2;
        this.nfilters = nfilters;
        this.osps = osps;
        this.spsFloor = Math.floor(sps);
        this.spsStep = (int) spsFloor;
        this.maxDev = maxDev;
        float damping = 2f * nfilters;
        float denom = (float) (1.0 + 2.0 * damping * loopBw + (double) (loopBw * loopBw));
        this.alpha = (4f * damping * loopBw) / denom;
        this.beta = (4f * loopBw * loopBw) / denom;
        this.k = initPhase;
        float rate = (float) ((sps - Math.floor(sps)) * (double) nfilters);
        this.rateI = (float) (int) Math.floor(rate);
        this.rateF = rate - rateI;
        this.tapsPerFilter = (int) Math.ceil((double) taps.length / nfilters);
        this.filters = polyphase(taps);
        this.diffFilters = polyphase(diffTaps(taps, nfilters));
        this.history = tapsPerFilter + 2 * spsStep;
        this.endRequirement = (int) ((osps + history) * (spsFloor / osps));
        this.buf = new float[stride * (2 * LOOKBACK + 4 * history)];
        this.bufLen = history - 1;    // GNU Radio's zero history
    }

    /** GNU Radio's create_diff_taps: (h[i+2] − h[i]) in float, between zeros, scaled by nfilters / Σ|tap|. */
    static float[] diffTaps(float[] taps, int nfilters) {
        float[] d = new float[taps.length];
        float pwr = 0f;
        for (int i = 0; i + 2 < taps.length; i++) {
            float tap = 0f;
            tap += -1f * taps[i];
            tap += 0f * taps[i + 1];
            tap += 1f * taps[i + 2];
            d[i + 1] = tap;
            pwr += Math.abs(tap);
        }
        float scale = nfilters / pwr;
        for (int i = 0; i < d.length; i++) {
            d[i] *= scale;
            if (Float.isNaN(d[i])) {
                throw new IllegalArgumentException("the derivative of the taps is not a number (taps all equal?)");
            }
        }
        return d;
    }

    private float[][] polyphase(float[] taps) {
        float[][] out = new float[nfilters][tapsPerFilter];
        for (int i = 0; i < nfilters; i++) {
            for (int j = 0; j < tapsPerFilter; j++) {
                int t = i + j * nfilters;
                out[i][j] = t < taps.length ? taps[t] : 0f;
            }
        }
        return out;
    }

    @Override
    public TagPolicy tagPolicy() {
        return real ? TagPolicy.ALL_TO_ALL : TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return osps / spsFloor;
    }

    @Override
    public int outputMultiple() {
        return osps;
    }

    /** GNU Radio's filter at padded index p: the window in[p - bufStart …], stream index p − (history − 1). */
    private void filter(float[] taps, long p) {
        int at = stride * (int) (p - bufStart);
        long absolute = p - (history - 1);
        if (real) {
            value[0] = VolkDotProduct.real(taps, buf, at, absolute);
        } else {
            VolkDotProduct.complex(taps, buf, at, absolute, value, 0);
        }
    }

    private boolean inBuffer(long p) {
        return p >= bufStart && p + tapsPerFilter <= bufStart + bufLen;
    }

    private void append(InputView in, int n) {
        int need = stride * (bufLen + n);
        if (need > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(need, 2 * buf.length));
        }
        float[] x = in.floats();
        System.arraycopy(x, in.offset(), buf, stride * bufLen, stride * n);
        bufLen += n;
        totalIn += n;
    }

    /** Drops items more than LOOKBACK before the current position (all a symbol may read, see symbol()). */
    private void compact() {
        long keep = Math.max(bufStart, pos - LOOKBACK);
        int drop = (int) (keep - bufStart);
        if (drop > buf.length / (2 * stride)) {
            System.arraycopy(buf, stride * drop, buf, 0, stride * (bufLen - drop));
            bufLen -= drop;
            bufStart = keep;
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = in.available();
        if (n > 0) {
            if (!real) {
                pending.addAll(in.tags(n));
            }
            append(in, n);
            io.consume(0, n);
        }
        boolean finished = in.finished() && in.available() == 0;
        int space = io.out(0).space();
        for (int o = 1; o < io.outputCount(); o++) {
            space = Math.min(space, io.out(o).space());
        }
        float[] out = io.out(0).floats();
        int op = io.out(0).offset();
        long written = io.out(0).position();
        int produced = 0;
        boolean ended = false;
        while (produced + osps <= space) {
            if (totalIn - pos + history - 1 < endRequirement) {   // GNU Radio's forecast, its zero history counted in
                ended = finished;
                break;
            }
            if (!symbol(io, out, op, produced, written)) {
                ended = finished;   // the next symbol needs input that will never come
                break;
            }
            produced += osps;
        }
        compact();
        for (int o = 0; o < io.outputCount(); o++) {
            io.produce(o, produced);
        }
        return ended && produced == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
    }

    /** One symbol's osps outputs and loop update; false (state unchanged) when its input has not all come yet. */
    private boolean symbol(WorkIo io, float[] out, int op, int i, long written) {
        float k0 = k;
        int filtnum0 = filtnum;
        long pos0 = pos;
        long count = pos;
        List<Tag> read = real ? List.of() : timeEstimate(count);
        for (int o = 0; o < osps; o++) {
            filtnum = (int) Math.floor(k);
            while (filtnum >= nfilters) {
                k -= nfilters;
                filtnum -= nfilters;
                count++;
            }
            while (filtnum < 0) {
                k += nfilters;
                filtnum += nfilters;
                count--;
            }
            // a loop thrown far back by a wild error (noise): GNU Radio would read whatever its buffer holds there
            count = Math.max(count, pos0 - LOOKBACK + 1);
            if (!inBuffer(count + o) || !inBuffer(count)) {
                k = k0;
                filtnum = filtnum0;
                pos = pos0;
                read.forEach(readTimeEst::remove);   // read again when the symbol's input has come
                return false;
            }
            filter(filters[filtnum], count + o);
            out[op + stride * (i + o)] = value[0];
            if (!real) {
                out[op + stride * (i + o) + 1] = value[1];
            }
            k = k + rateI + rateF;
            if (!real) {
                propagateTags(io, count + o, written + i + o);
            }
            for (int p = 1; p < io.outputCount(); p++) {
                io.out(p).floats()[io.out(p).offset() + i + o] = p == 1 ? error : p == 2 ? rateF : k;
            }
        }
        filter(diffFilters[filtnum], count);
        if (real) {
            error = out[op + i] * value[0];
        } else {
            float errorR = out[op + 2 * i] * value[0];
            float errorI = out[op + 2 * i + 1] * value[1];
            error = (float) ((errorI + errorR) / 2.0);
        }
        for (int s = 0; s < spsFloor; s++) {
            rateF = rateF + beta * error;
            k = k + rateF + alpha * error;
        }
        rateF = (float) (0.5 * (Math.abs(rateF + maxDev) - Math.abs(rateF - maxDev)));
        pos = count + spsStep;
        return true;
    }

    /**
     * GNU Radio's time_est handling: a tag within the symbol's sps input items sets k from its value. Returns the
     * tags read (used, or passed by), which a symbol whose input has not all come gives back.
     */
    private List<Tag> timeEstimate(long count) {
        List<Tag> read = new ArrayList<>(1);
        while (!pending.isEmpty()) {
            Tag t = firstTimeEst();
            if (t == null || t.offset() >= count + spsStep) {
                return read;
            }
            readTimeEst.add(t);
            read.add(t);
            Double center = number(t.value());
            if (t.offset() >= count && center != null) {
                k = nfilters * (center.floatValue() + (float) (t.offset() - count));
                return read;
            }
        }
        return read;
    }

    private static Double number(Object v) {
        return switch (v) {
            case Number x -> x.doubleValue();
            case org.sigflow.expr.Value.Real r -> r.value();
            case org.sigflow.expr.Value.Int i -> (double) i.value();
            default -> null;
        };
    }

    private Tag firstTimeEst() {
        for (Tag t : pending) {
            if (t.key().equals("time_est") && !readTimeEst.contains(t)) {
                return t;
            }
        }
        return null;
    }

    /**
     * GNU Radio's tag handling: the tags read since the previous output (up to padded index p + sps, as it compares
     * stream offsets with history-padded indices) go onto the previous output + taps_per_filter/4 − 2.
     */
    private void propagateTags(WorkIo io, long p, long output) {
        long newIn = p + spsStep;
        long at = Math.max(lastOut + tapsPerFilter / 4 - 2, io.out(0).position());
        for (var it = pending.iterator(); it.hasNext(); ) {
            Tag t = it.next();
            if (t.offset() >= oldIn && t.offset() < newIn) {
                io.out(0).addTag(at, t.key(), t.value());
            }
            // GNU Radio propagates time_est tags too (its time_est list is a copy): one stays only until it is read
            if (t.offset() < newIn && (!t.key().equals("time_est") || readTimeEst.remove(t))) {
                it.remove();
            }
        }
        oldIn = newIn;
        lastOut = output;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_clock_sync";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "pfb_clock_sync '" + s.instanceId() + "'";
            boolean real = Dtype.fromId(s.string("type")) == Dtype.F32;
            double sps = s.real("sps");
            float loopBw = (float) s.real("loop_bw");
            float[] taps = s.reals("taps");
            int nfilters = s.integer("filter_size");
            int osps = s.integer("osps");
            if (taps.length < 3 || !(sps >= 1) || nfilters < 1 || osps < 1 || !(loopBw >= 0)) {
                throw new IllegalArgumentException(name + ": needs at least 3 taps (got " + taps.length
                        + "), samples per symbol >= 1 (" + sps + "), filter size >= 1 (" + nfilters
                        + "), output samples per symbol >= 1 (" + osps + ") and loop bandwidth >= 0 (" + loopBw + ")");
            }
            return new PfbClockSync(real, sps, loopBw, taps, nfilters, (float) s.real("init_phase"),
                    (float) s.real("max_dev"), osps);
        }
    }
}

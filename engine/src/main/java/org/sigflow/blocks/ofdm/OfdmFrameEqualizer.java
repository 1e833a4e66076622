package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.digital.Constellation;
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
 * {@code ofdm_frame_equalizer}: GNU Radio's {@code ofdm_frame_equalizer_vcvc}. Each frame (a tagged-stream packet of
 * OFDM symbols, or fixed_frame_len symbols) is moved by the carrier offset of its first item's
 * {@code ofdm_sync_carr_offset} tag, each symbol i turned back by exp(-2πj·offset·cp_len/fft_len·(i+1)) and
 * equalized ({@link OfdmEqualizer}) from the channel state of its {@code ofdm_sync_chan_taps} tag, else the state
 * the previous frame left (turned on by the frame's length). Tags stay on their items (the taps and length tags
 * dropped); with propagate_channel_state the state after the frame is tagged on its first item. A frame cut short by
 * the end of the stream is dropped.
 */
final class OfdmFrameEqualizer implements Block {
    private final OfdmEqualizer eq;
    private final int fftLen;
    private final int cpLen;
    private final String key;
    private final boolean propagate;
    private final int fixedLen;
    private final String name;
    private final float[] channel;

    OfdmFrameEqualizer(OfdmEqualizer eq, int cpLen, String key, boolean propagate, int fixedLen, String name) {
        this.eq = eq;
        this.fftLen = eq.fftLen();
        this.cpLen = cpLen;
        this.key = key;
        this.propagate = propagate;
        this.fixedLen = fixedLen;
        this.name = name;
        this.channel = new float[2 * fftLen];
        for (int k = 0; k < fftLen; k++) {
            channel[2 * k] = 1;
        }
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public int outputMultiple() {
        return Math.max(1, fixedLen);
    }

    /** exp(j·phase) as GNU Radio's gr_expj: the phase in float, sincosf. */
    private static void expj(double phase, float[] out) {
        float p = (float) phase;
        out[0] = (float) Math.cos(p);
        out[1] = (float) Math.sin(p);
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (in.available() == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int n = fixedLen > 0 ? fixedLen : org.sigflow.blocks.common.LengthTags.at(in, key, 0, name);
        if (in.available() < n) {
            // a frame cut by the end of the stream (a header/payload demux copies payloads as they come; GNU
            // Radio's copies whole ones only, so it never passes such a frame on): dropped
            if (in.finished()) {
                io.consume(0, in.available());
            }
            return WorkResult.CONTINUE;
        }
        if (n < 0 || out.space() < n) {
            return WorkResult.CONTINUE;
        }
        List<Tag> tags = in.tags(n);
        int offset = 0;
        for (Tag t : tags) {
            if (t.offset() == in.position() && t.key().equals("ofdm_sync_chan_taps")
                    && TagValuesC32.of(t.value()) != null) {
                System.arraycopy(TagValuesC32.of(t.value()), 0, channel, 0, 2 * fftLen);
            } else if (t.offset() == in.position() && t.key().equals("ofdm_sync_carr_offset")
                    && t.value() instanceof Number v) {
                offset = v.intValue();
            }
        }
        float[] x = in.floats();
        float[] y = out.floats();
        int ip = in.offset();
        int op = out.offset();
        int total = fftLen * n;
        if (offset < 0) {
            java.util.Arrays.fill(y, op, op + 2 * -offset, 0f);
            System.arraycopy(x, ip, y, op + 2 * -offset, 2 * (total + offset));
        } else {
            java.util.Arrays.fill(y, op + 2 * (total - offset), op + 2 * total, 0f);
            System.arraycopy(x, ip + 2 * offset, y, op, 2 * (total - offset));
        }
        float[] c = new float[2];
        for (int i = 0; i < n; i++) {
            expj(-(2.0 * Math.PI) * offset * cpLen / fftLen * (i + 1), c);
            for (int k = 0; k < fftLen; k++) {
                int at = op + 2 * (i * fftLen + k);
                float re = y[at] * c[0] - y[at + 1] * c[1];
                y[at + 1] = y[at] * c[1] + y[at + 1] * c[0];
                y[at] = re;
            }
        }
        eq.reset();
        eq.equalize(y, op, n, channel);
        System.arraycopy(eq.state, 0, channel, 0, 2 * fftLen);
        expj((2.0 * Math.PI) * offset * cpLen / fftLen * n, c);
        for (int k = 0; k < fftLen; k++) {
            float re = channel[2 * k] * c[0] - channel[2 * k + 1] * c[1];
            channel[2 * k + 1] = channel[2 * k] * c[1] + channel[2 * k + 1] * c[0];
            channel[2 * k] = re;
        }
        long shift = out.position() - in.position();
        for (Tag t : tags) {
            if (!t.key().equals("ofdm_sync_chan_taps") && !t.key().equals(key)) {
                out.addTag(t.offset() + shift, t.key(), t.value());
            }
        }
        if (propagate) {
            out.addTag(out.position(), "ofdm_sync_chan_taps", new Pmt.Uniform(UniformKind.C32, channel.clone()));
        }
        if (!key.isEmpty()) {
            out.addTag(out.position(), key, (long) n);
        }
        io.consume(0, n);
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }

    /** A c32 vector tag value's interleaved floats, or null. */
    private static final class TagValuesC32 {
        static float[] of(Object v) {
            return v instanceof Pmt.Uniform u && u.kind() == UniformKind.C32 ? (float[]) u.data() : null;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_frame_equalizer";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_frame_equalizer '" + s.instanceId() + "'";
            int fftLen = s.integer("fft_len");
            boolean shifted = s.bool("input_is_shifted");
            String key = s.string("len_tag_key");
            int fixed = s.integer("fixed_frame_len");
            if (key.isEmpty() && fixed == 0) {
                throw new IllegalArgumentException(name + ": give a length tag key or a fixed frame length");
            }
            if (fixed < 0) {
                throw new IllegalArgumentException(name + ": the fixed frame length must be 0 or more, got " + fixed);
            }
            boolean dfe = s.string("equalizer").equals("simpledfe");
            int[][] occupied = CarrierSets.indices(s, "occupied_carriers", fftLen, shifted, name);
            int[][] pilots = CarrierSets.indices(s, "pilot_carriers", fftLen, shifted, name);
            float[][] pilotSymbols = CarrierSets.symbols(s, "pilot_symbols");
            if (pilotSymbols.length < pilots.length) {
                throw new IllegalArgumentException(name + ": " + pilots.length + " pilot carrier sets but "
                        + pilotSymbols.length + " pilot symbol sets");
            }
            OfdmEqualizer eq;
            try {
                eq = new OfdmEqualizer(fftLen, dfe, dfe ? Constellation.ofParams(s, name) : null, occupied, pilots,
                        pilotSymbols, s.integer("symbols_skipped"), (float) s.real("alpha"),
                        s.bool("enable_soft_output"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
            }
            return new OfdmFrameEqualizer(eq, s.integer("cp_len"), key, s.bool("propagate_channel_state"), fixed,
                    name);
        }
    }
}

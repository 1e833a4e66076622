package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
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
 * {@code burst_shaper}: GNU Radio's {@code burst_shaper_cc/_ff}. Each packet of a tagged stream becomes pre-padding
 * zeros, the packet with its edges shaped by the window's halves (up ramp: the first ceil(n/2) taps, down ramp: the
 * last ceil(n/2); at most half the packet each), post-padding zeros. With phasing symbols the ramps are +1, −1, …
 * times the window, inserted before and after the whole packet. The output length tag counts the whole burst;
 * other tags follow their items (those of the packet's first item go to the burst's start). Items outside packets
 * are dropped.
 */
@AutoService(BlockFactory.class)
public final class BurstShaper implements BlockFactory {

    @Override
    public String id() {
        return "burst_shaper";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        float[] taps = setup.complexes("window");
        int pre = setup.integer("pre_padding");
        int post = setup.integer("post_padding");
        if (pre < 0 || post < 0) {
            throw new IllegalArgumentException("padding lengths must be at least 0, got " + pre + " and " + post);
        }
        int c = dtype.components();
        if (c == 1) {
            float[] real = new float[taps.length / 2];
            for (int i = 0; i < real.length; i++) {
                if (taps[2 * i + 1] != 0) {
                    throw new IllegalArgumentException("a float burst shaper needs real window taps, tap " + i
                            + " is complex");
                }
                real[i] = taps[2 * i];
            }
            taps = real;
        }
        return new Shaper(c, taps, pre, post, setup.bool("insert_phasing"), setup.string("length_tag_name"));
    }

    private enum State { WAIT, PREPAD, RAMPUP, COPY, RAMPDOWN, POSTPAD }

    static final class Shaper implements Block {
        private final int c;
        private final float[] up;
        private final float[] down;
        private final int ramp;
        private final int pre;
        private final int post;
        private final boolean phasing;
        private final String key;
        private State state = State.WAIT;
        private int index;
        private int limit;
        private int packet;
        private long packetStart;

        Shaper(int components, float[] taps, int pre, int post, boolean phasing, String key) {
            this.c = components;
            int n = taps.length / components;
            this.ramp = n / 2 + n % 2;
            this.up = java.util.Arrays.copyOfRange(taps, 0, ramp * c);
            this.down = java.util.Arrays.copyOfRange(taps, (n / 2) * c, n * c);
            if (phasing) {
                for (int i = 1; i < ramp; i += 2) {
                    for (int k = 0; k < c; k++) {
                        up[i * c + k] = -up[i * c + k];
                        down[i * c + k] = -down[i * c + k];
                    }
                }
            }
            this.pre = pre;
            this.post = post;
            this.phasing = phasing;
            this.key = key;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            OutputView out = io.out(0);
            int read = 0;
            int written = 0;
            int space = out.space();
            while (written < space) {
                boolean needsInput = state != State.POSTPAD && !(state == State.RAMPDOWN && phasing);
                if (needsInput && read >= in.available()) {
                    break;
                }
                int n = Math.min(limit - index, space - written);
                switch (state) {
                    case WAIT -> read += startPacket(in, out, read, written);
                    case PREPAD, POSTPAD -> {
                        java.util.Arrays.fill(out.floats(), out.offset() + written * c, out.offset()
                                + (written + n) * c, 0f);
                        written += n;
                        index += n;
                    }
                    case RAMPUP, RAMPDOWN -> {
                        float[] r = state == State.RAMPUP ? up : down;
                        if (phasing) {
                            System.arraycopy(r, index * c, out.floats(), out.offset() + written * c, n * c);
                        } else {
                            n = Math.min(n, in.available() - read);
                            shape(in, out, read, written, r, n);
                            moveTags(in, out, read, written, n);
                            read += n;
                        }
                        written += n;
                        index += n;
                    }
                    case COPY -> {
                        n = Math.min(n, in.available() - read);
                        System.arraycopy(in.floats(), in.offset() + read * c, out.floats(),
                                out.offset() + written * c, n * c);
                        moveTags(in, out, read, written, n);
                        read += n;
                        written += n;
                        index += n;
                    }
                }
                if (state != State.WAIT && index == limit) {
                    next();
                }
            }
            io.consume(0, read);
            io.produce(0, written);
            if (written == 0 && read == 0 && in.finished() && in.available() == 0
                    && (state == State.WAIT || state != State.POSTPAD && !(state == State.RAMPDOWN && phasing))) {
                return WorkResult.DONE;
            }
            return WorkResult.CONTINUE;
        }

        /** In WAIT: drops the items before the next length tag; at one, starts the burst. Returns items read. */
        private int startPacket(InputView in, OutputView out, int read, int written) {
            int avail = in.available();
            long from = in.position() + read;
            Tag start = null;
            for (Tag t : in.tags(avail)) {
                if (t.key().equals(key) && t.offset() >= from && (start == null || t.offset() < start.offset())) {
                    start = t;
                }
            }
            if (start == null) {
                return avail - read;
            }
            if (!(start.value() instanceof Number len) || len.longValue() < 0 || len.longValue() > 1 << 26) {
                throw new IllegalStateException("burst_shaper: length tag '" + key + "' at item " + start.offset()
                        + " must be an item count, got " + start.value());
            }
            packet = len.intValue();
            packetStart = start.offset();
            long at = out.position() + written;
            out.addTag(at, key, (long) (packet + pre + post + (phasing ? 2 * ramp : 0)));
            for (Tag t : in.tags(avail)) {
                if (t.offset() == packetStart && !t.key().equals(key)) {
                    out.addTag(at, t.key(), t.value());
                }
            }
            state = State.PREPAD;
            index = 0;
            limit = pre;
            if (limit == 0) {
                next();
            }
            return (int) (packetStart - from);
        }

        private void next() {
            index = 0;
            switch (state) {
                case PREPAD -> {
                    state = State.RAMPUP;
                    limit = phasing ? ramp : Math.min(packet / 2, ramp);
                }
                case RAMPUP -> {
                    state = State.COPY;
                    limit = phasing ? packet : packet - Math.min((packet / 2) * 2, 2 * ramp);
                }
                case COPY -> {
                    state = State.RAMPDOWN;
                    limit = phasing ? ramp : Math.min(packet / 2, ramp);
                }
                case RAMPDOWN -> {
                    state = State.POSTPAD;
                    limit = post;
                }
                default -> {
                    state = State.WAIT;
                    return;
                }
            }
            if (limit == 0) {
                next();
            }
        }

        private void shape(InputView in, OutputView out, int read, int written, float[] r, int n) {
            float[] x = in.floats();
            float[] y = out.floats();
            int xi = in.offset() + read * c;
            int yi = out.offset() + written * c;
            int ri = index * c;
            for (int i = 0; i < n * c; i += c) {
                if (c == 1) {
                    y[yi + i] = x[xi + i] * r[ri + i];
                } else {
                    float a = x[xi + i];
                    float b = x[xi + i + 1];
                    y[yi + i] = a * r[ri + i] - b * r[ri + i + 1];
                    y[yi + i + 1] = a * r[ri + i + 1] + b * r[ri + i];
                }
            }
        }

        /** Tags on {@code n} input items from {@code read} go to the items written for them (not the length tag). */
        private void moveTags(InputView in, OutputView out, int read, int written, int n) {
            long from = in.position() + read;
            List<Tag> tags = in.tags(read + n);
            for (Tag t : tags) {
                if (t.offset() >= from && t.offset() < from + n && !t.key().equals(key) && t.offset() != packetStart) {
                    out.addTag(out.position() + written + (t.offset() - from), t.key(), t.value());
                }
            }
        }
    }
}

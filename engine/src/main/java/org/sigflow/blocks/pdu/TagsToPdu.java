package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;

/**
 * {@code tags_to_pdu}: gr-pdu's {@code tags_to_pdu_x}. A start tag begins a burst (the prepend items, then the tagged
 * item); the items up to (not including) the end-tagged item follow, zero-padded so that (length − eob_offset) is a
 * multiple of eob_alignment, and the burst is posted as a PDU — or when it reaches the maximum size (truncated). A
 * start tag inside a burst drops that burst and starts a new one. The metadata (kept from PDU to PDU, as GNU
 * Radio's) gets {@code rx_time} (whole and fractional seconds of the burst's start, from the start time or the
 * latest {@code rx_time} tag and the rate), {@code sample_rate}, {@code pdu_num} and with Boost Time the wall-clock
 * {@code sys_time}. PDUs no longer than the tail size are not posted. With Publish Detects, each start's item number
 * goes out on {@code detects}.
 */
@AutoService(BlockFactory.class)
public final class TagsToPdu implements BlockFactory {

    @Override
    public String id() {
        return "tags_to_pdu";
    }

    @Override
    public Block create(BlockSetup s) {
        Dtype dtype = StreamType.dtype(s);
        PduItems.kind(dtype);
        int max = s.integer("max_pdu_size");
        int align = s.integer("eob_alignment");
        if (max < 1 || max > 1 << 26 || align < 1 || s.integer("eob_offset") < 0 || s.integer("tail_size") < 0) {
            throw new IllegalArgumentException("max_pdu_size must be from 1 to 67108864, eob_alignment at least 1, "
                    + "eob_offset and tail_size at least 0");
        }
        float[] prepend = dtype.components() == 2 ? s.complexes("prepend") : s.reals("prepend");
        return new ToPdu(dtype, s.string("start_tag"), s.string("end_tag"), max, s.real("rate"), prepend,
                s.bool("pub_det"), s.integer("tail_size"), s.real("start_time"), align, s.integer("eob_offset"),
                s.bool("boost_time"));
    }

    static final class ToPdu extends StreamToMessages {
        private final Dtype dtype;
        private final int c;
        private final String sob;
        private final String eob;
        private final int max;
        private final double rate;
        private final Object prepend;
        private final int prependLength;
        private final boolean publishDetects;
        private final int tail;
        private final int align;
        private final int eobOffset;
        private final boolean wallClock;
        private boolean triggered;
        private Object vector;
        private int size;
        private long sobOffset;
        private long knownSec;
        private double knownFrac;
        private long knownOffset;
        private long count;
        private Pmt.Dict meta = Pmt.Dict.EMPTY;

        ToPdu(Dtype dtype, String sob, String eob, int max, double rate, float[] prepend, boolean publishDetects,
              int tail, double startTime, int align, int eobOffset, boolean wallClock) {
            this.dtype = dtype;
            this.c = dtype.components();
            this.sob = sob;
            this.eob = eob;
            this.max = max;
            this.rate = rate;
            this.prependLength = prepend.length / c;
            this.prepend = PduItems.array(dtype, prepend.length);
            for (int i = 0; i < prepend.length; i++) {
                java.lang.reflect.Array.set(this.prepend, i, cast(prepend[i]));
            }
            this.publishDetects = publishDetects;
            this.tail = tail;
            this.align = align;
            this.eobOffset = eobOffset;
            this.wallClock = wallClock;
            this.knownSec = (long) startTime;
            this.knownFrac = startTime - knownSec;
            this.vector = PduItems.array(dtype, (max + prependLength + align) * c);
        }

        private Object cast(float v) {
            return switch (dtype.storage()) {
                case FLOAT -> v;
                case SHORT -> (short) v;
                case BYTE -> (byte) v;
                case INT -> (int) v;
            };
        }

        @Override
        protected void take(InputView in, int n) {
            List<Tag> tags = in.tags(n);
            Object src = PduItems.elements(dtype, in);
            for (int i = 0; i < n; i++) {
                long off = in.position() + i;
                String kind = null;
                for (Tag t : tags) {
                    if (t.offset() != off) {
                        continue;
                    }
                    if (t.key().equals(sob) || t.key().equals(eob)) {
                        kind = kind == null ? t.key() : kind;
                    } else if (t.key().equals("rx_time") && kind == null && t.value() instanceof List<?> l
                            && l.size() >= 2 && l.get(0) instanceof Number s && l.get(1) instanceof Number f) {
                        knownSec = s.longValue();
                        knownFrac = f.doubleValue();
                        knownOffset = off;
                    }
                }
                if (!triggered) {
                    if (sob.equals(kind)) {
                        start(off, src, in.offset() + i * c);
                    }
                } else if (sob.equals(kind) && !eob.equals(sob) && size < max) {
                    count++;                                       // a new start drops the burst being collected
                    start(off, src, in.offset() + i * c);
                } else if (eob.equals(kind) && size < max) {
                    int pad = (size - eobOffset) % align;
                    size += pad == 0 ? 0 : align - pad;            // the array is zeroed past size
                    publish();
                } else {
                    System.arraycopy(src, in.offset() + i * c, vector, size * c, c);
                    if (++size >= max) {
                        size = max;
                        publish();
                    }
                }
            }
        }

        private void start(long off, Object src, int at) {
            sobOffset = off;
            vector = PduItems.array(dtype, (max + prependLength + align) * c);
            System.arraycopy(prepend, 0, vector, 0, prependLength * c);
            System.arraycopy(src, at, vector, prependLength * c, c);
            size = prependLength + 1;
            triggered = true;
            if (publishDetects) {
                post("detects", new Pmt.UInt64(off));
            }
            if (size >= max) {
                size = max;
                publish();
            }
        }

        private void publish() {
            double delta = (sobOffset - knownOffset) / rate;
            int whole = (int) delta;
            delta -= whole;
            long sec = knownSec + whole;
            double frac = knownFrac + delta;
            if (frac >= 1.0) {
                frac -= 1.0;
                sec += 1;
            }
            meta = meta.with(Pmt.symbol("rx_time"), new Pmt.Tuple(List.of(new Pmt.UInt64(sec), Pmt.of(frac))))
                    .with(Pmt.symbol("sample_rate"), Pmt.of(rate)).with(Pmt.symbol("pdu_num"), new Pmt.UInt64(count));
            if (wallClock) {
                java.time.Instant t = java.time.Instant.now();
                meta = meta.with(Pmt.symbol("sys_time"), Pmt.of(t.getEpochSecond() + t.getNano() * 1e-9));
            }
            if (size > tail) {
                Object data = PduItems.array(dtype, size * c);
                System.arraycopy(vector, 0, data, 0, size * c);
                post("pdus", Pmt.pdu(meta, PduItems.uniform(dtype, data)));
            }
            count++;
            triggered = false;
            size = 0;
        }
    }
}

package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code pdu_to_stream}: gr-pdu's {@code pdu_to_stream_x}. PDUs become bursts on the stream: when the output is free,
 * the first queued PDU and the following queued ones without a {@code tx_time} are joined into one burst, tagged
 * {@code tx_sob} (and {@code tx_time}, from the first PDU's metadata: a tuple or pair of a uint64 and a double) on its
 * first item and {@code tx_eob} on its last. Early PDUs (arriving while a burst is being written) are queued
 * ({@code append}, up to {@code depth}; more are dropped) or dropped ({@code drop}, {@code balk}). PDUs of another
 * item type, empty PDUs and other messages are dropped, as GNU Radio's (metric {@code dropped}).
 */
@AutoService(BlockFactory.class)
public final class PduToStream implements BlockFactory {
    private static final Pmt TX_TIME = Pmt.symbol("tx_time");

    @Override
    public String id() {
        return "pdu_to_stream";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        PduItems.kind(dtype);
        int depth = setup.integer("depth");
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, got " + depth);
        }
        return new ToStream(dtype, !setup.string("early_behavior").equals("append"), depth);
    }

    static final class ToStream implements Block {
        private final Dtype dtype;
        private final boolean dropEarly;
        private final int depth;
        private final ArrayDeque<Pmt.Pair> queue = new ArrayDeque<>();
        private final List<Pmt.Uniform> burst = new ArrayList<>();
        private int part;
        private int written;
        private boolean startTagged;
        private Object time;
        private volatile long dropped;

        ToStream(Dtype dtype, boolean dropEarly, int depth) {
            this.dtype = dtype;
            this.dropEarly = dropEarly;
            this.depth = depth;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            if (dropEarly && (!burst.isEmpty() || !queue.isEmpty()) || !Pdus.isPdu(message)) {
                dropped++;
                return;
            }
            Pmt.Uniform u = (Pmt.Uniform) ((Pmt.Pair) message).cdr();
            if (u.length() == 0 || u.kind() != PduItems.kind(dtype) || queue.size() >= depth) {
                dropped++;
                return;
            }
            queue.addLast((Pmt.Pair) message);
        }

        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public java.util.Map<String, Double> extraMetrics() {
            return java.util.Map.of("dropped", (double) dropped);
        }

        /** The next burst: the first queued PDU and the untimed ones after it. */
        private void nextBurst() {
            Pmt.Pair first = queue.removeFirst();
            burst.add((Pmt.Uniform) first.cdr());
            while (!queue.isEmpty() && Pdus.meta(queue.peekFirst()).get(TX_TIME) == null) {
                burst.add((Pmt.Uniform) queue.removeFirst().cdr());
            }
            Pmt t = Pdus.meta(first).get(TX_TIME);
            time = null;
            if (t instanceof Pmt.Tuple tu && tu.items().size() >= 2 && tu.items().get(0) instanceof Pmt.UInt64
                    && tu.items().get(1) instanceof Pmt.Real) {
                time = TagValues.fromPmt(t);
            } else if (t instanceof Pmt.Pair p && p.car() instanceof Pmt.UInt64 && p.cdr() instanceof Pmt.Real) {
                time = TagValues.fromPmt(new Pmt.Tuple(List.of(p.car(), p.cdr())));
            }
            part = 0;
            written = 0;
            startTagged = false;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int produced = 0;
            int size = dtype.components();
            while (produced < out.space() && (!burst.isEmpty() || !queue.isEmpty())) {
                if (burst.isEmpty()) {
                    nextBurst();
                }
                long at = out.position() + produced;
                if (!startTagged) {
                    out.addTag(at, "tx_sob", Boolean.TRUE);
                    if (time != null) {
                        out.addTag(at, "tx_time", time);
                    }
                    startTagged = true;
                }
                Pmt.Uniform u = burst.get(part);
                int k = Math.min(u.length() - written, out.space() - produced);
                System.arraycopy(u.data(), written * size, PduItems.elements(dtype, out),
                        out.offset() + produced * size, k * size);
                written += k;
                produced += k;
                if (written == u.length()) {
                    part++;
                    written = 0;
                    if (part == burst.size()) {
                        out.addTag(out.position() + produced - 1, "tx_eob", Boolean.TRUE);
                        burst.clear();
                    }
                }
            }
            io.produce(0, produced);
            return WorkResult.CONTINUE;
        }
    }
}

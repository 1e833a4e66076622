package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import java.util.ArrayDeque;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtText;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code pdu_to_tagged_stream}: writes each PDU arriving on {@code pdus} as a packet of the stream: its vector's
 * items, a length tag ({@code tag} → item count) on the first item, and each metadata entry as a tag there too. A
 * message that is not a PDU of the output's type stops the block with a message saying what arrived; with
 * {@code bare_vectors} a uniform vector alone is taken as a PDU with no metadata (what GNU Radio's Qt sinks accept
 * on their message input). Ends when
 * every sender has finished and every PDU is written.
 */
@AutoService(BlockFactory.class)
public final class PduToTaggedStream implements BlockFactory {

    @Override
    public String id() {
        return "pdu_to_tagged_stream";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        PduItems.kind(dtype);
        return new ToStream(dtype, setup.string("tag"), setup.has("bare_vectors") && setup.bool("bare_vectors"));
    }

    static final class ToStream implements Block {
        /** PDUs taken from the inbox ahead of the stream; more wait in the inbox (back-pressure on the sender). */
        private static final int AHEAD = 4;
        private final Dtype dtype;
        private final String lengthKey;
        private final ArrayDeque<Pmt.Pair> pending = new ArrayDeque<>();
        private final boolean bareVectors;
        private int written;

        ToStream(Dtype dtype, String lengthKey, boolean bareVectors) {
            this.dtype = dtype;
            this.lengthKey = lengthKey;
            this.bareVectors = bareVectors;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            if (bareVectors && message instanceof Pmt.Uniform) {
                message = new Pmt.Pair(Pmt.Dict.EMPTY, message); // a PDU with no metadata
            }
            if (!Pdus.isPdu(message)) {
                throw new IllegalArgumentException("a message on 'pdus' is not a PDU (a pair of a dict and a uniform "
                        + "vector): " + excerpt(message));
            }
            Pmt.Pair pdu = (Pmt.Pair) message;
            Pmt.Uniform u = (Pmt.Uniform) pdu.cdr();
            if (u.kind() != PduItems.kind(dtype)) {
                throw new IllegalArgumentException("a PDU of " + u.kind().id() + " items arrived on 'pdus', but the "
                        + "output carries " + dtype.id() + " (" + PduItems.kind(dtype).id() + " PDUs)");
            }
            pending.addLast(pdu);
        }

        @Override
        public boolean readyForMessages() {
            return pending.size() < AHEAD;
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
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int produced = 0;
            while (!pending.isEmpty() && produced < out.space()) {
                Pmt.Pair pdu = pending.peekFirst();
                Pmt.Uniform u = (Pmt.Uniform) pdu.cdr();
                int total = u.length();
                long at = out.position() + produced;
                if (written == 0) {
                    out.addTag(at, lengthKey, (long) total);
                    for (Pmt.Entry e : Pdus.meta(pdu).entries()) {
                        if (e.key() instanceof Pmt.Symbol key) {
                            out.addTag(at, key.name(), TagValues.fromPmt(e.value()));
                        }
                    }
                }
                int k = Math.min(total - written, out.space() - produced);
                int size = dtype.components();
                System.arraycopy(u.data(), written * size, PduItems.elements(dtype, out),
                        out.offset() + produced * size, k * size);
                written += k;
                produced += k;
                if (written == total) {
                    pending.removeFirst();
                    written = 0;
                }
            }
            io.produce(0, produced);
            return WorkResult.CONTINUE;
        }

        private static String excerpt(Pmt m) {
            String t = PmtText.write(m);
            return t.length() > 80 ? t.substring(0, 77) + "..." : t;
        }
    }
}

package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtExpressions;
import org.sigflow.message.PmtText;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * gr-pdu's metadata blocks: {@code pdu_set} (adds a key/value to each PDU's metadata), {@code pdu_split} (a PDU's
 * metadata and its vector as two messages), {@code add_system_time} (the system time in seconds under a key) and
 * {@code time_delta} (milliseconds since the time under one key, added under another). Keys and values are PMT
 * constructors ({@code pmt.intern("KEY1")}, {@code pmt.from_double(1.5)}), read without executing anything.
 */
public final class PduMetadataBlocks {
    private PduMetadataBlocks() {}

    /** A PDU's metadata as a dict (nil: empty), or a failure naming the block when the message is not a PDU. */
    private static Pmt.Dict meta(Pmt message, String block) {
        if (message instanceof Pmt.Pair p && (p.car() instanceof Pmt.Nil || p.car() instanceof Pmt.Dict)) {
            return p.car() instanceof Pmt.Dict d ? d : Pmt.Dict.EMPTY;
        }
        throw new IllegalStateException(block + ": expects a PDU (metadata . vector), got " + PmtText.write(message));
    }

    private static Pmt key(BlockSetup s, String param) {
        Pmt k = PmtExpressions.parse(s.string(param));
        if (!(k instanceof Pmt.Symbol)) {
            throw new IllegalArgumentException(param + " must be a symbol (pmt.intern(\"...\")), got "
                    + PmtText.write(k));
        }
        return k;
    }

    private static double now() {
        java.time.Instant t = java.time.Instant.now();
        return t.getEpochSecond() + t.getNano() * 1e-9;
    }

    /** {@code pdu_set}. */
    @AutoService(BlockFactory.class)
    public static final class PduSet implements BlockFactory {
        @Override
        public String id() {
            return "pdu_set";
        }

        @Override
        public Block create(BlockSetup s) {
            Pmt k = PmtExpressions.parse(s.string("k"));
            Pmt v = PmtExpressions.parse(s.string("v"));
            return new MessageOnlyBlock() {
                @Override
                public void handleMessage(String port, Pmt message) {
                    Pmt.Dict m = meta(message, "pdu_set");
                    post("pdus", new Pmt.Pair(m.with(k, v), ((Pmt.Pair) message).cdr()));
                }
            };
        }
    }

    /** {@code pdu_split}: non-PDUs are ignored, as GNU Radio's; empty metadata or vectors pass only with pass_empty. */
    @AutoService(BlockFactory.class)
    public static final class PduSplit implements BlockFactory {
        @Override
        public String id() {
            return "pdu_split";
        }

        @Override
        public Block create(BlockSetup s) {
            boolean passEmpty = s.bool("pass_empty");
            return new MessageOnlyBlock() {
                @Override
                public void handleMessage(String port, Pmt message) {
                    if (!Pdus.isPdu(message)) {
                        return;
                    }
                    Pmt.Pair pdu = (Pmt.Pair) message;
                    Pmt.Dict m = Pdus.meta(pdu);
                    if (!m.entries().isEmpty() || passEmpty) {
                        post("dict", m.entries().isEmpty() ? Pmt.NIL : m);   // an empty dict is nil in GNU Radio
                    }
                    if (((Pmt.Uniform) pdu.cdr()).length() > 0 || passEmpty) {
                        post("vec", pdu.cdr());
                    }
                }
            };
        }
    }

    /** {@code add_system_time}. */
    @AutoService(BlockFactory.class)
    public static final class AddSystemTime implements BlockFactory {
        @Override
        public String id() {
            return "add_system_time";
        }

        @Override
        public Block create(BlockSetup s) {
            Pmt k = key(s, "key");
            return new MessageOnlyBlock() {
                @Override
                public void handleMessage(String port, Pmt message) {
                    if (Pdus.isPdu(message)) {
                        Pmt.Pair pdu = (Pmt.Pair) message;
                        post("pdu", new Pmt.Pair(Pdus.meta(pdu).with(k, Pmt.of(now())), pdu.cdr()));
                    }
                }
            };
        }
    }

    /** {@code time_delta}: PDUs without a real time under the key are dropped, as GNU Radio's. */
    @AutoService(BlockFactory.class)
    public static final class TimeDelta implements BlockFactory {
        @Override
        public String id() {
            return "time_delta";
        }

        @Override
        public Block create(BlockSetup s) {
            Pmt delta = key(s, "delta_key");
            Pmt time = key(s, "time_key");
            return new MessageOnlyBlock() {
                @Override
                public void handleMessage(String port, Pmt message) {
                    if (Pdus.isPdu(message) && Pdus.meta((Pmt.Pair) message).get(time) instanceof Pmt.Real t) {
                        Pmt.Pair pdu = (Pmt.Pair) message;
                        double ms = (now() - t.value()) * 1000.0;
                        post("pdu", new Pmt.Pair(Pdus.meta(pdu).with(delta, Pmt.of(ms)), pdu.cdr()));
                    }
                }
            };
        }
    }
}

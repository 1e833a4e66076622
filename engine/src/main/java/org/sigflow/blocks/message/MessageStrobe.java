package org.sigflow.blocks.message;

import com.google.auto.service.AutoService;
import java.util.concurrent.locks.LockSupport;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtException;
import org.sigflow.message.PmtExpressions;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code message_strobe}: posts its message on {@code strobe} every {@code period} milliseconds, the first one
 * period after the start (as GNU Radio's). A message on {@code set_msg} replaces the message. The message is written
 * as GNU Radio's Python PMT constructor ({@code pmt.intern("TEST")}), read without running Python
 * ({@link PmtExpressions}). Runs until the graph stops.
 */
@AutoService(BlockFactory.class)
public final class MessageStrobe implements BlockFactory {
    /** Longest sleep inside one work call, so messages on {@code set_msg} and a stop are seen promptly. */
    private static final long SLICE_NANOS = 10_000_000L;

    @Override
    public String id() {
        return "message_strobe";
    }

    @Override
    public Block create(BlockSetup setup) {
        double period = setup.real("period");
        if (!(period > 0)) {
            throw new IllegalArgumentException("period must be more than 0 ms, got " + period);
        }
        long nanos = (long) (period * 1e6);
        return new Strobe(message(setup), () -> nanos);
    }

    /** The {@code msg} param read as a PMT constructor. */
    static Pmt message(BlockSetup setup) {
        try {
            return PmtExpressions.parse(setup.string("msg"));
        } catch (PmtException e) {
            throw new IllegalArgumentException("msg: " + e.getMessage());
        }
    }

    /** Posts its message after each delay the supplier gives (nanoseconds). */
    static final class Strobe implements Block {
        private Pmt message;
        private final java.util.function.LongSupplier delays;
        private long next;
        private MessagePorts ports = MessagePorts.NONE;

        Strobe(Pmt message, java.util.function.LongSupplier delays) {
            this.message = message;
            this.delays = delays;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public void start() {
            next = System.nanoTime() + delays.getAsLong();
        }

        @Override
        public WorkResult work(WorkIo io) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, Math.min(wait, SLICE_NANOS));
                return WorkResult.CONTINUE;
            }
            ports.post("strobe", message);
            next += delays.getAsLong();
            return WorkResult.CONTINUE;
        }

        @Override
        public void handleMessage(String port, Pmt m) {
            if (port.equals("set_msg")) {
                message = m;
            }
        }
    }
}

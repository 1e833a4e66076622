package org.sigflow.blocks.message;

import com.google.auto.service.AutoService;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.message.Pmt;
import org.sigflow.message.Pdus;
import org.sigflow.message.PmtText;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code message_debug}: prints the messages of its {@code print} input as GNU Radio 3.10's message debug does
 * (PDUs with their metadata, length and a hex dump of the payload when {@code en_uvec}), and keeps those of its
 * {@code store} input ({@link Debug#messages()}). {@code print_pdu} is GNU Radio's deprecated alias of
 * {@code print}. It ends once every sender has finished.
 */
@AutoService(BlockFactory.class)
public final class MessageDebug implements BlockFactory {
    static final String RULE = "************************************";

    @Override
    public String id() {
        return "message_debug";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Debug(setup.bool("en_uvec"), System.out);
    }

    public static final class Debug implements Block {
        private final boolean printPayload;
        private final PrintStream out;
        private final List<Pmt> stored = new ArrayList<>();

        Debug(boolean printPayload, PrintStream out) {
            this.printPayload = printPayload;
            this.out = out;
        }

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.CONTINUE;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            switch (port) {
                case "store" -> {
                    synchronized (stored) {
                        stored.add(message);
                    }
                }
                case "print", "print_pdu" -> {
                    String text = text(message, printPayload);
                    synchronized (System.out) {
                        out.print(text);
                        out.flush();
                    }
                }
                case "log" -> {
                    synchronized (System.out) {
                        out.println("message_debug :info: " + PmtText.write(message));
                        out.flush();
                    }
                }
                default -> throw new IllegalArgumentException("message_debug has no message input '" + port + "'");
            }
        }

        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        /** The messages received on {@code store} so far (a copy; any thread). */
        public List<Pmt> messages() {
            synchronized (stored) {
                return List.copyOf(stored);
            }
        }
    }

    /** What {@code print} writes for one message. */
    static String text(Pmt message, boolean printPayload) {
        StringBuilder sb = new StringBuilder();
        if (Pdus.isPdu(message)) {
            Pmt.Pair pdu = (Pmt.Pair) message;
            Pmt.Uniform payload = (Pmt.Uniform) pdu.cdr();
            byte[] bytes = Pdus.payloadBytes(payload);
            sb.append("***** VERBOSE PDU DEBUG PRINT ******\n").append(PmtText.write(pdu.car())).append('\n');
            sb.append(String.format("pdu length = %10d bytes", bytes.length));
            if (printPayload) {
                sb.append("\npdu vector contents = \n");
                for (int i = 0; i < bytes.length; i++) {
                    if (i % 16 == 0) {
                        sb.append(String.format("%04x: ", i));
                    }
                    sb.append(String.format("%02x ", bytes[i] & 0xff));
                    if (i % 16 == 15 || i == bytes.length - 1) {
                        sb.append('\n');
                    }
                }
            } else {
                sb.append(" (printing disabled)\n");
            }
            return sb.append(RULE).append('\n').toString();
        }
        return sb.append("******* MESSAGE DEBUG PRINT ********\n").append(PmtText.write(message)).append('\n')
                .append(RULE).append('\n').toString();
    }
}

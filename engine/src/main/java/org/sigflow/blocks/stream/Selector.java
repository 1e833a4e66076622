package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code selector}: GNU Radio's {@code blocks.selector}: every input is read at the same pace; the selected input's
 * items go to the selected output (none while disabled), the other inputs' are dropped and the other outputs get
 * nothing. The indices and {@code enabled} change while running, as params or through the {@code iindex},
 * {@code oindex} and {@code en} message inputs (an integer or boolean, or a pair whose second element is one, as
 * GRC's GUI controls send; an index out of range is ignored with a warning, as in GNU Radio).
 */
@AutoService(BlockFactory.class)
public final class Selector implements BlockFactory {

    @Override
    public String id() {
        return "selector";
    }

    @Override
    public Block create(BlockSetup s) {
        Switch sw = new Switch(StreamType.dtype(s).storage(), s.integer("num_inputs"), s.integer("num_outputs"));
        sw.input = sw.index("input_index", s.integer("input_index"), sw.inputs);
        sw.output = sw.index("output_index", s.integer("output_index"), sw.outputs);
        sw.enabled = s.bool("enabled");
        return sw;
    }

    static final class Switch implements Block {
        private final Dtype.Storage storage;
        private final int inputs;
        private final int outputs;
        private volatile int input;
        private volatile int output;
        private volatile boolean enabled;

        Switch(Dtype.Storage storage, int inputs, int outputs) {
            this.storage = storage;
            this.inputs = inputs;
            this.outputs = outputs;
        }

        int index(String what, long i, int count) {
            if (i < 0 || i >= count) {
                throw new IllegalArgumentException(what + " must be from 0 to " + (count - 1) + ", got " + i);
            }
            return (int) i;
        }

        @Override
        public WorkResult work(WorkIo io) {
            int in = input;
            int out = output;
            boolean on = enabled;
            int n = Integer.MAX_VALUE;
            for (int i = 0; i < io.inputCount(); i++) {
                if (io.in(i).available() == 0 && io.in(i).finished()) {
                    return WorkResult.DONE;
                }
                n = Math.min(n, io.in(i).available());
            }
            if (on) {
                n = Math.min(n, io.out(out).space());
            }
            if (n == 0) {
                return WorkResult.CONTINUE;
            }
            if (on) {
                Items.copy(storage, io.in(in), io.out(out), n * io.in(in).itemSize());
                io.produce(out, n);
            }
            io.consumeEach(n);
            return WorkResult.CONTINUE;
        }

        @Override
        public void applyParam(String paramId, Value value) {
            switch (paramId) {
                case "input_index" -> input = index(paramId, value.asLong(), inputs);
                case "output_index" -> output = index(paramId, value.asLong(), outputs);
                case "enabled" -> enabled = value.asBoolean();
                default -> Block.super.applyParam(paramId, value);
            }
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            Pmt v = message instanceof Pmt.Pair p ? p.cdr() : message;
            switch (port) {
                case "en" -> {
                    if (v instanceof Pmt.Bool b) {
                        enabled = b.value();
                    } else {
                        warn("en", message);
                    }
                }
                case "iindex", "oindex" -> {
                    int count = port.equals("iindex") ? inputs : outputs;
                    if (v instanceof Pmt.Int i && i.value() >= 0 && i.value() < count) {
                        if (port.equals("iindex")) {
                            input = (int) i.value();
                        } else {
                            output = (int) i.value();
                        }
                    } else {
                        warn(port, message);
                    }
                }
                default -> throw new IllegalArgumentException("selector has no message input '" + port + "'");
            }
        }

        private static void warn(String port, Pmt message) {
            System.err.println("selector: " + port + ": ignored " + org.sigflow.message.PmtText.write(message));
        }
    }
}

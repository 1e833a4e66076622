package org.sigflow.blocks.message;

import com.google.auto.service.AutoService;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code var_to_msg}: GNU Radio's {@code blocks.var_to_msg_pair}: each time its {@code value} changes while the graph
 * runs (it is a variable's expression, so a control or a variable edit changes it), it sends
 * {@code (msgname . value)} on {@code msgout}, the value as GNU Radio converts a Python value (integer → long,
 * real → double; a whole number is sent as a long). Nothing is sent at start, as in GNU Radio.
 */
@AutoService(BlockFactory.class)
public final class VarToMsg implements BlockFactory {

    @Override
    public String id() {
        return "var_to_msg";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Watcher(setup.string("msgname"));
    }

    static final class Watcher implements Block {
        private final String name;
        private MessagePorts ports = MessagePorts.NONE;

        Watcher(String name) {
            this.name = name;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.CONTINUE; // no stream: the runner parks it until a change arrives
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("value")) {
                Block.super.applyParam(paramId, value);
            }
            ports.post("msgout", new Pmt.Pair(Pmt.symbol(name), pmt(value)));
        }

        static Pmt pmt(Value v) {
            return switch (v) {
                case Value.Int i -> Pmt.of(i.value());
                // the param is real, so an integer variable arrives as a whole real: sent as a long, as GNU Radio
                // sends a Python int (a whole Python float, which GNU Radio sends as a double, is a long here)
                case Value.Real r -> r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 0x1p62
                        ? Pmt.of((long) r.value()) : Pmt.of(r.value());
                case Value.Bool b -> Pmt.of(b.value());
                case Value.Str s -> Pmt.symbol(s.value());
                case Value.Complex c -> new Pmt.Complex(c.re(), c.im());
                default -> throw new IllegalArgumentException("var_to_msg sends numbers, booleans and strings, got "
                        + v);
            };
        }
    }
}

package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.Map;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code message_number_control}: GNU Radio's Qt message digital number control. Each time {@code value} changes while
 * the graph runs (it is bound to the variable a control view changes) it sends {@code (msgname . value)} on
 * {@code valueout}, the value kept within {@code min .. max} and sent as a double, as GNU Radio does; a number
 * arriving on {@code valuein} (a pair's value) is shown (metric {@code value}) and sent on the same way. Nothing is
 * sent at start.
 */
@AutoService(BlockFactory.class)
public final class MessageNumberControl implements BlockFactory {

    @Override
    public String id() {
        return "message_number_control";
    }

    @Override
    public Block create(BlockSetup setup) {
        double min = setup.real("min");
        double max = setup.real("max");
        if (!(max >= min)) {
            throw new IllegalArgumentException("max must be at least min, got " + min + " .. " + max);
        }
        return new Control(setup.string("msgname"), min, max, setup.real("value"));
    }

    /** The number a GNU Radio number control takes from a message: a pair's value, a long or a double. */
    static Double number(Pmt m) {
        Pmt v = m instanceof Pmt.Pair p ? p.cdr() : m;
        return switch (v) {
            case Pmt.Int i -> (double) i.value();
            case Pmt.Real r -> r.value();
            case null, default -> null;
        };
    }

    static final class Control extends MessageWidget {
        private final String name;
        private final double min;
        private final double max;
        private volatile double shown;

        Control(String name, double min, double max, double value) {
            this.name = name;
            this.min = min;
            this.max = max;
            this.shown = Math.clamp(value, min, max);
        }

        private void send(double v) {
            shown = Math.clamp(v, min, max);
            ports.post("valueout", new Pmt.Pair(Pmt.symbol(name), Pmt.of(shown)));
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("value")) {
                super.applyParam(paramId, value);
            }
            send(value.asDouble());
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            if (!port.equals("valuein")) {
                throw new IllegalArgumentException("message_number_control has no message input '" + port + "'");
            }
            Double v = number(message);
            if (v != null) { // GNU Radio logs anything else and goes on
                send(v);
            }
        }

        /** The number shown now (any thread). */
        double shown() {
            return shown;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("value", shown);
        }
    }
}

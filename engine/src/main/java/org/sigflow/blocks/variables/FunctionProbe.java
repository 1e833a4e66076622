package org.sigflow.blocks.variables;

import com.google.auto.service.AutoService;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.GraphVariables;

/**
 * {@code function_probe}: GNU Radio's {@code variable_function_probe}: {@code poll_rate} times a second it reads a
 * getter and sets the variable {@code target} to what it returns. The getters are those SigFlow really has: a
 * block's parameters as they are now ({@code <param>} or {@code get_<param>} of block {@code block}, e.g. a signal
 * source's {@code amplitude}) and, with {@code block} empty, the graph's variables ({@code get_<variable>}, GNU Radio's
 * top block getters). Any other getter is refused when the graph starts, naming those there are.
 */
@AutoService(BlockFactory.class)
public final class FunctionProbe implements BlockFactory {
    @Override
    public String id() {
        return "function_probe";
    }

    @Override
    public Block create(BlockSetup setup) {
        double rate = setup.real("poll_rate");
        if (!(rate > 0) || rate > 1000) {
            throw new IllegalArgumentException("Poll Rate " + rate + " Hz is not within (0, 1000]");
        }
        return new Probe(setup.instanceId(), setup.string("block").strip(), setup.string("function").strip(),
                setup.string("target").strip(), Duration.ofNanos(Math.round(1e9 / rate)));
    }

    /** The running probe; {@link #polls()} counts the reads so far. */
    public static final class Probe implements BesideTheGraph {
        private final String id;
        private final String block;
        private final String name;
        private final String target;
        private final Duration period;
        private volatile GraphVariables variables = GraphVariables.NONE;
        private Thread poller;
        private volatile long polls;

        Probe(String id, String block, String name, String target, Duration period) {
            this.id = id;
            this.block = block;
            this.name = name;
            this.target = target;
            this.period = period;
        }

        @Override
        public void bindVariables(GraphVariables variables) {
            this.variables = variables;
        }

        @Override
        public void start() {
            if (variables == GraphVariables.NONE) {
                return; // built outside a run of the engine: nothing to read or set
            }
            if (!variables.names().contains(target)) {
                throw new IllegalArgumentException("Target '" + target + "' is not a variable of the graph");
            }
            String field = getterField(block, name, variables);
            if (field == null) {
                throw new IllegalArgumentException((block.isEmpty() ? "the graph has no getter '" + name + "' (its "
                        + "getters: get_<variable>)" : "block '" + block + "' has no getter '" + name + "' (its "
                        + "getters: its parameters, as <param> or get_<param>)"));
            }
            Supplier<Optional<Value>> getter = block.isEmpty() ? () -> variables.value(field)
                    : () -> variables.param(block, field);
            poller = Thread.ofVirtual().name("function-probe-" + id).start(() -> poll(getter));
        }

        /**
         * The variable or parameter a getter reads: {@code get_<variable>} of the graph (GNU Radio's top block), a
         * block's {@code <param>} or {@code get_<param>} (GNU Radio's blocks name theirs either way:
         * {@code sig_source.amplitude()}, {@code usrp_source.get_gain()}); null if there is none.
         */
        static String getterField(String block, String function, GraphVariables variables) {
            String bare = function.startsWith("get_") ? function.substring(4) : null;
            if (block.isEmpty()) {
                return bare != null && variables.value(bare).isPresent() ? bare : null;
            }
            if (variables.param(block, function).isPresent()) {
                return function;
            }
            return bare != null && variables.param(block, bare).isPresent() ? bare : null;
        }

        private void poll(Supplier<Optional<Value>> getter) {
            Value last = null;
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Value v = getter.get().orElse(null);
                    polls++;
                    // GNU Radio sets it at every poll; setting an unchanged value would change nothing
                    if (v != null && !v.equals(last) && !v.equals(variables.value(target).orElse(null))) {
                        variables.set(target, v.display()).join();
                    }
                    last = v;
                    Thread.sleep(period);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the graph stops
            } catch (java.util.concurrent.CompletionException e) {
                System.getLogger(FunctionProbe.class.getName()).log(System.Logger.Level.WARNING, "block '" + id
                        + "' (function_probe): '" + target + "' refused the value of " + name + ": "
                        + e.getCause().getMessage() + "; the probe stops");
            }
        }

        /** Reads so far. */
        public long polls() {
            return polls;
        }


        @Override
        public void stop() throws InterruptedException {
            if (poller != null) {
                poller.interrupt();
                poller.join(Duration.ofSeconds(2));
            }
        }
    }
}

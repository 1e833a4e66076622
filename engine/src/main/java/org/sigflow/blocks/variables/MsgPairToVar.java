package org.sigflow.blocks.variables;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.GraphVariables;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code msgpair_to_var}: GNU Radio's {@code blocks.msg_pair_to_var}: a pair {@code (key . value)} arriving on
 * {@code inpair} sets the variable {@code target} to the value (the key is not looked at, as in GNU Radio); anything
 * else (not a pair, a dictionary, a PDU) is dropped with a warning, and so is a value the graph refuses.
 */
@AutoService(BlockFactory.class)
public final class MsgPairToVar implements BlockFactory {
    private static final System.Logger LOG = System.getLogger(MsgPairToVar.class.getName());

    @Override
    public String id() {
        return "msgpair_to_var";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Setter(setup.instanceId(), setup.string("target").strip());
    }

    /** The running block; {@link #applied()} counts the values set. */
    public static final class Setter implements Block {
        private final String id;
        private final String target;
        private GraphVariables variables = GraphVariables.NONE;
        private volatile long applied;
        private volatile long dropped;

        Setter(String id, String target) {
            this.id = id;
            this.target = target;
        }

        @Override
        public void bindVariables(GraphVariables variables) {
            this.variables = variables;
        }

        @Override
        public void start() {
            if (variables != GraphVariables.NONE && !variables.names().contains(target)) {
                throw new IllegalArgumentException("Target '" + target + "' is not a variable of the graph"
                        + org.sigflow.text.DidYouMean.hint(target, variables.names()));
            }
        }

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.CONTINUE; // no stream: it only handles messages
        }

        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            if (!(message instanceof Pmt.Pair pair) || pair.car() instanceof Pmt.Dict) {
                drop("input message " + org.sigflow.message.PmtText.write(message) + " is not a simple pair");
                return;
            }
            String expression;
            try {
                expression = PmtValues.expression(pair.cdr());
            } catch (IllegalArgumentException e) {
                drop("cannot set '" + target + "' from " + org.sigflow.message.PmtText.write(message) + ": "
                        + e.getMessage());
                return;
            }
            // applied on the variables' own thread: a dependent parameter of this graph may be waiting for it
            variables.set(target, expression).whenComplete((ok, err) -> {
                if (err == null) {
                    applied++;
                } else {
                    drop("'" + target + "' = " + expression + " refused: " + (err.getCause() != null
                            ? err.getCause().getMessage() : err.getMessage()));
                }
            });
        }

        private synchronized void drop(String why) {
            if (dropped++ == 0) { // once: a strobe would repeat it forever (the metric 'dropped' counts them all)
                LOG.log(System.Logger.Level.WARNING, "block '" + id + "' (msgpair_to_var): " + why + "; dropped "
                        + "(further drops are counted in its metric 'dropped')");
            }
        }

        /** Values set so far. */
        public long applied() {
            return applied;
        }

        /** Messages dropped (not a pair, a value no variable holds, or refused). */
        public long dropped() {
            return dropped;
        }

        @Override
        public java.util.Map<String, Double> extraMetrics() {
            return java.util.Map.of("applied", (double) applied, "dropped", (double) dropped);
        }
    }
}

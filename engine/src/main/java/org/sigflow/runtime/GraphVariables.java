package org.sigflow.runtime;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.sigflow.expr.Value;

/**
 * The running graph's variables as blocks see them (GNU Radio's top block setters and getters): blocks that read or
 * set them (an XML-RPC server, a message that sets a variable, a function probe) get this handle through
 * {@link Block#bindVariables} before they start. A change goes the way a control view's change goes: every
 * dependent variable and runtime parameter is re-evaluated and applied, or the change is refused as a whole.
 */
public interface GraphVariables {
    /** No variables (a graph built without the engine's session, e.g. in a unit test of one block). */
    GraphVariables NONE = new GraphVariables() {
        @Override
        public List<String> names() {
            return List.of();
        }

        @Override
        public Optional<Value> value(String name) {
            return Optional.empty();
        }

        @Override
        public CompletableFuture<Void> set(String name, String expression) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("there is no variable '" + name + "'"));
        }

        @Override
        public Optional<Value> param(String blockId, String paramId) {
            return Optional.empty();
        }
    };

    /** The variables' names, in the graph's order. */
    List<String> names();

    /** A variable's current value; empty if there is no such variable. */
    Optional<Value> value(String name);

    /**
     * Sets a variable to an expression (a literal from {@link Value#display()}, or any expression over the other
     * variables). Changes are applied one at a time, in the order asked; the future fails with a user message
     * (an {@link IllegalArgumentException}) when the change is refused.
     */
    CompletableFuture<Void> set(String name, String expression);

    /** A block's parameter as it is now (after every variable change applied so far); empty if there is none. */
    Optional<Value> param(String blockId, String paramId);
}

package org.sigflow.app.panels;

/** Told when the user commits a variable's new expression (forwarded to a running graph). */
@FunctionalInterface
public interface VariableListener {
    void committed(String name, String expression);
}

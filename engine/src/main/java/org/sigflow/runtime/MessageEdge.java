package org.sigflow.runtime;

/** An asynchronous message edge from message output {@code fromPort} of {@code from} to input {@code toPort} of
 * {@code to}, by port name. */
public record MessageEdge(String from, String fromPort, String to, String toPort) {
    @Override
    public String toString() {
        return from + ":" + fromPort + " -> " + to + ":" + toPort;
    }
}

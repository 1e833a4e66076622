package org.sigflow.runtime;

/** A stream from output {@code fromPort} of node {@code from} to input {@code toPort} of node {@code to}. */
public record FlowEdge(String from, int fromPort, String to, int toPort) {
    @Override
    public String toString() {
        return from + ":" + fromPort + " -> " + to + ":" + toPort;
    }
}

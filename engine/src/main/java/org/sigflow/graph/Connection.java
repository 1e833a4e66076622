package org.sigflow.graph;

import java.util.Objects;

/**
 * A stream edge from an output port to an input port. Ports are named as in the catalog ({@code out}, {@code in});
 * the ports of a multiple port are numbered ({@code in0}, {@code in1}, …).
 */
public record Connection(String fromBlock, String fromPort, String toBlock, String toPort) {

    public Connection {
        Objects.requireNonNull(fromBlock, "fromBlock");
        Objects.requireNonNull(fromPort, "fromPort");
        Objects.requireNonNull(toBlock, "toBlock");
        Objects.requireNonNull(toPort, "toPort");
    }

    public boolean touches(String blockId) {
        return fromBlock.equals(blockId) || toBlock.equals(blockId);
    }

    public Connection withFrom(String block, String port) {
        return new Connection(block, port, toBlock, toPort);
    }

    public Connection withTo(String block, String port) {
        return new Connection(fromBlock, fromPort, block, port);
    }

    /** {@code src:out → fir1:in}, as validation messages name an edge. */
    @Override
    public String toString() {
        return fromBlock + ":" + fromPort + " → " + toBlock + ":" + toPort;
    }
}

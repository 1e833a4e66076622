package org.sigflow.validate;

/**
 * A message edge between resolved blocks, by message port name ({@code strobe → print}). Message edges are not
 * stream edges: they take no part in the topological order, and cycles are allowed (as in GNU Radio).
 */
public record ResolvedMessageEdge(String fromBlock, String fromPort, String toBlock, String toPort) {
    @Override
    public String toString() {
        return fromBlock + ":" + fromPort + " → " + toBlock + ":" + toPort;
    }
}

package org.sigflow.validate;

/** A stream edge between resolved blocks, by port index into {@link ResolvedBlock#outputs()}/{@code inputs()}. */
public record ResolvedEdge(String fromBlock, int fromPort, String toBlock, int toPort) {
}

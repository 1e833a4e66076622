package org.sigflow.runtime;

import java.util.List;

/** One block instance ready to run: its implementation and resolved ports (connected ones only). */
public record FlowNode(String id, String type, Block block, List<PortSpec> inputs, List<PortSpec> outputs) {
    public FlowNode {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }
}

package org.sigflow.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A block type of the catalog: what the palette shows and what validation and the engine check against.
 *
 * @param cpuTwin         for a CUDA block, the id of the CPU block with the same params that the designer can
 *                        switch a node to (and that runs without a CUDA device); null otherwise
 * @param messageInputs   asynchronous message inputs (none for a pure stream block)
 * @param messageOutputs  asynchronous message outputs
 * @param tags            search words and concepts (e.g. {@code "low pass"}, {@code "audio"}) the designer's search
 *                        matches besides the label, id and category; empty when the catalog entry names none
 */
public record BlockDef(String id, String label, List<String> category, Domain domain, String cpuTwin, String doc,
                       List<ParamDef> params, List<PortDef> inputs, List<PortDef> outputs, List<AssertDef> asserts,
                       List<MessagePortDef> messageInputs, List<MessagePortDef> messageOutputs, List<String> tags) {

    /** A block without message ports or search tags. */
    public BlockDef(String id, String label, List<String> category, Domain domain, String cpuTwin, String doc,
                    List<ParamDef> params, List<PortDef> inputs, List<PortDef> outputs, List<AssertDef> asserts) {
        this(id, label, category, domain, cpuTwin, doc, params, inputs, outputs, asserts, List.of(), List.of(),
                List.of());
    }

    public BlockDef {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        category = List.copyOf(category);
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(doc, "doc");
        params = List.copyOf(params);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        asserts = List.copyOf(asserts);
        messageInputs = List.copyOf(messageInputs);
        messageOutputs = List.copyOf(messageOutputs);
        tags = List.copyOf(tags);
    }

    public boolean hasMessageInput(String name) {
        return messageInputs.stream().anyMatch(p -> p.name().equals(name));
    }

    public boolean hasMessageOutput(String name) {
        return messageOutputs.stream().anyMatch(p -> p.name().equals(name));
    }

    public Optional<ParamDef> param(String paramId) {
        return params.stream().filter(p -> p.id().equals(paramId)).findFirst();
    }
}

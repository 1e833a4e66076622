package org.sigflow.catalog;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A block type of the catalog: what the palette shows and what validation and the engine check against.
 *
 * @param cpuTwin for a CUDA block, the id of the CPU block with the same params that the designer can switch a
 *                node to (and that runs without a CUDA device); null otherwise
 * @param tags    search words and concepts (e.g. {@code "low pass"}, {@code "audio"}) the designer's search matches
 *                besides the label, id and category; empty when the catalog entry names none
 */
public record BlockDef(String id, String label, List<String> category, Domain domain, String cpuTwin, String doc,
                       List<ParamDef> params, List<PortDef> inputs, List<PortDef> outputs, List<AssertDef> asserts,
                       List<String> tags) {

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
        tags = List.copyOf(tags);
    }

    /** A block without search tags. */
    public BlockDef(String id, String label, List<String> category, Domain domain, String cpuTwin, String doc,
                    List<ParamDef> params, List<PortDef> inputs, List<PortDef> outputs, List<AssertDef> asserts) {
        this(id, label, category, domain, cpuTwin, doc, params, inputs, outputs, asserts, List.of());
    }

    public Optional<ParamDef> param(String paramId) {
        return params.stream().filter(p -> p.id().equals(paramId)).findFirst();
    }
}

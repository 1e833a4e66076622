package org.sigflow.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A parameter of a block type.
 *
 * @param defaultValue expression text (the bare option for enums)
 * @param options      the allowed values of an enum (empty otherwise)
 * @param optionLabels labels shown for {@code options}, same order (empty when the options are shown as they are)
 * @param min          inclusive lower bound of the evaluated value, or {@code null}
 * @param max          inclusive upper bound, or {@code null}
 * @param unit         e.g. {@code Hz}, or {@code null}
 * @param runtime      whether the value may change while the graph runs
 * @param group        properties-dialog tab
 */
public record ParamDef(String id, String label, ParamType type, String defaultValue, List<String> options,
                       List<String> optionLabels, Double min, Double max, String unit, boolean runtime, String group,
                       String doc) {

    public ParamDef {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        options = List.copyOf(options);
        optionLabels = List.copyOf(optionLabels);
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(doc, "doc");
    }

    /** The label shown for an option: its optionLabel if there is one, else the option itself. */
    public String labelOf(String option) {
        int i = options.indexOf(option);
        return i >= 0 && i < optionLabels.size() ? optionLabels.get(i) : option;
    }
}

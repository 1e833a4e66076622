package org.sigflow.validate;

/** How bad a validation problem is: errors stop the graph from running, warnings do not. */
public enum Severity {
    ERROR("Error"),
    WARNING("Warning");

    private final String label;

    Severity(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}

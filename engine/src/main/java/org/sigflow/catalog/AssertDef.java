package org.sigflow.catalog;

import java.util.Objects;

/** A condition over a block's params; when it evaluates to false, validation shows {@code message}. */
public record AssertDef(String check, String message) {
    public AssertDef {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(message, "message");
    }
}

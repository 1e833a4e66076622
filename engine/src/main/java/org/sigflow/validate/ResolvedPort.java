package org.sigflow.validate;

import java.util.Objects;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.PortSpec;

/** A port of a block instance with everything evaluated: name ({@code in0} for a multiple port), type, domain. */
public record ResolvedPort(String name, Dtype dtype, int vlen, Domain domain, boolean optional) {

    public ResolvedPort {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(domain, "domain");
    }

    public PortSpec toSpec() {
        return new PortSpec(name, dtype, vlen);
    }
}

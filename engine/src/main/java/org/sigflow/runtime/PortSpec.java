package org.sigflow.runtime;

import org.sigflow.catalog.Dtype;

/** The resolved type of one port of a block instance: dtype and vector length. */
public record PortSpec(String name, Dtype dtype, int vlen) {
    public PortSpec {
        if (vlen < 1) {
            throw new IllegalArgumentException("vlen must be >= 1: " + vlen);
        }
    }

    /** Array elements per item. */
    public int itemSize() {
        return vlen * dtype.components();
    }
}

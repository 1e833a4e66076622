package org.sigflow.catalog;

import java.util.Objects;

/**
 * An asynchronous message port of a block type (GNU Radio's message ports: {@code print}, {@code strobe},
 * {@code pdus}). Message ports carry {@link org.sigflow.message.Pmt} values, connect only to message ports, and may
 * stay unconnected.
 */
public record MessagePortDef(String name, String doc) {
    public MessagePortDef {
        Objects.requireNonNull(name, "name");
        doc = doc == null ? "" : doc;
    }
}

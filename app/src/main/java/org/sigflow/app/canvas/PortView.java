package org.sigflow.app.canvas;

import org.sigflow.catalog.Domain;
import org.sigflow.catalog.Dtype;

/**
 * A port as drawn: where it sits relative to its block's top-left corner and which way it faces (unit vector
 * pointing away from the block), with its resolved type when the block's params evaluate ({@code dtype} null when
 * not). A message port ({@code message}) carries asynchronous messages, not samples: no dtype.
 */
public record PortView(String name, boolean input, Dtype dtype, int vlen, Domain domain, double x, double y,
                       double dirX, double dirY, boolean message) {

    public PortView(String name, boolean input, Dtype dtype, int vlen, Domain domain, double x, double y, double dirX,
                    double dirY) {
        this(name, input, dtype, vlen, domain, x, y, dirX, dirY, false);
    }

    /** {@code in0: cf32 ×4, GPU memory}, for tooltips and messages. */
    public String describe() {
        if (message) {
            return name + ": messages";
        }
        String type = dtype == null ? "type unknown until the params evaluate" : dtype.id() + (vlen > 1 ? " ×" + vlen
                : "");
        return name + ": " + type + (domain == Domain.CUDA ? ", GPU memory" : "");
    }
}

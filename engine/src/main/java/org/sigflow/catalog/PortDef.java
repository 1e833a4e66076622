package org.sigflow.catalog;

import java.util.Objects;

/**
 * An input or output port of a block type (before expansion of {@code count}).
 *
 * @param dtype  a dtype id ({@code cf32}) or {@code $param} naming an enum param whose options are dtypes
 * @param vlen   expression for the vector length
 * @param domain memory domain, or {@code null} for the block's domain
 * @param count  expression for how many ports of this kind there are; {@code "1"} for a single port
 */
public record PortDef(String name, String dtype, String vlen, Domain domain, boolean optional, String count) {

    public PortDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(vlen, "vlen");
        Objects.requireNonNull(count, "count");
    }

    /**
     * An option of a dtype param that stands for the value of the block's {@code type} param, so a second dtype
     * param (a memory node's device type) can default to "the same as the stream" in graphs that never set it.
     */
    public static final String SAME_AS_TYPE = "same";

    /** Whether the dtype comes from a param ({@code $type}). */
    public boolean dtypeFromParam() {
        return dtype.startsWith("$");
    }

    /** The param named by a {@code $param} dtype. */
    public String dtypeParam() {
        return dtype.substring(1);
    }

    /** Whether this is a multiple port (expanded into {@code in0}, {@code in1}, …). */
    public boolean isMultiple() {
        return !count.equals("1");
    }

    public Domain domainOr(Domain blockDomain) {
        return domain != null ? domain : blockDomain;
    }
}

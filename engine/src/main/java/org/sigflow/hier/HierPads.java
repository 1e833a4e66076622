package org.sigflow.hier;

/** Catalog ids of the blocks that declare a hier block's interface. */
public final class HierPads {
    private HierPads() {}

    /** An input port of the hier block (GNU Radio's {@code pad_source}); its output feeds the inside. */
    public static final String PAD_IN = "hier_pad_in";
    /** An output port (GNU Radio's {@code pad_sink}); its input is fed from the inside. */
    public static final String PAD_OUT = "hier_pad_out";
    /** A message input of the hier block (GNU Radio's {@code pad_source} of type message). */
    public static final String MSG_PAD_IN = "hier_msg_pad_in";
    /** A message output (GNU Radio's {@code pad_sink} of type message). */
    public static final String MSG_PAD_OUT = "hier_msg_pad_out";
    /** A parameter (GNU Radio's {@code parameter}); its id names the inner variable it replaces. */
    public static final String PARAM = "hier_param";
    /** The palette category hier blocks are listed under. */
    public static final String CATEGORY = "Hier";

    public static boolean isInterface(String type) {
        return type.equals(PAD_IN) || type.equals(PAD_OUT) || type.equals(PARAM) || type.equals(MSG_PAD_IN)
                || type.equals(MSG_PAD_OUT);
    }
}

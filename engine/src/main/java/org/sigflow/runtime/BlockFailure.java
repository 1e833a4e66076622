package org.sigflow.runtime;

/**
 * A block that threw: which one, and why in the user's words (the cause is kept for logs, not shown). A failure of
 * the run as a whole (a remote engine that went away) has no block id.
 */
public record BlockFailure(String blockId, String blockType, String message, Throwable cause) {

    /** One line for the user, e.g. {@code block 'src' (file_source) failed: cannot open 'x.cf32': no such file}. */
    public String describe() {
        if (blockId == null) {
            return message; // not one block's failure: e.g. the connection to a remote engine broke
        }
        return "block '" + blockId + "' (" + blockType + ") failed: " + message;
    }

    static BlockFailure of(FlowNode node, Throwable t) {
        String msg = t.getMessage();
        if (msg == null || msg.isBlank()) {
            msg = t.getClass().getSimpleName();
        } else if (!(t instanceof IllegalArgumentException || t instanceof IllegalStateException
                || t instanceof java.io.IOException)) {
            msg = t.getClass().getSimpleName() + ": " + msg;
        }
        if (t instanceof java.nio.file.NoSuchFileException nf) {
            msg = "no such file: " + nf.getFile();
        }
        return new BlockFailure(node.id(), node.type(), msg, t);
    }
}

package org.sigflow.grc;

/**
 * One line of an import report.
 *
 * @param attention {@code true} if something of the GRC flowgraph is missing or needs the user (a block, param,
 *                  variable or connection not imported, or kept as untranslated text); {@code false} for
 *                  information (an {@code import} block skipped, a GUI control turned into a plain variable)
 * @param subject   what it is about, e.g. {@code block qtgui_time_sink_x_0 (qtgui_time_sink_x)}
 */
public record ImportIssue(boolean attention, String subject, String message) {

    @Override
    public String toString() {
        return (attention ? "needs attention: " : "note: ") + subject + ": " + message;
    }
}

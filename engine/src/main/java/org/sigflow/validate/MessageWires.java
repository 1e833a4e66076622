package org.sigflow.validate;

import java.util.List;
import java.util.Optional;
import org.sigflow.catalog.MessagePortDef;
import org.sigflow.graph.Connection;

/** Connections that touch a message port: message ↔ message only, with a clear message otherwise. */
final class MessageWires {
    private MessageWires() {}

    static boolean isMessage(ResolvedBlock from, String fromPort, ResolvedBlock to, String toPort) {
        return from.def().hasMessageOutput(fromPort) || to.def().hasMessageInput(toPort);
    }

    /** The message edge of {@code c}, or empty with a problem added. */
    static Optional<ResolvedMessageEdge> check(Connection c, ResolvedBlock from, ResolvedBlock to, String where,
                                               List<Problem> problems) {
        boolean msgOut = from.def().hasMessageOutput(c.fromPort());
        boolean msgIn = to.def().hasMessageInput(c.toPort());
        if (msgOut && msgIn) {
            return Optional.of(new ResolvedMessageEdge(from.id(), c.fromPort(), to.id(), c.toPort()));
        }
        if (msgOut) {
            String target = (to.inputIndex(c.toPort()) >= 0 ? "stream input '" : "'") + to.id() + ":" + c.toPort();
            problems.add(Problem.error(where, "message output '" + from.id() + ":" + c.fromPort() + "' cannot feed "
                    + target + "': message ports connect only to message ports (message inputs of '" + to.id()
                    + "': " + names(to.def().messageInputs()) + ")"));
        } else {
            String source = from.outputIndex(c.fromPort()) >= 0 ? "stream output '" : "'";
            problems.add(Problem.error(where, source + from.id() + ":" + c.fromPort() + "' cannot feed message input '" + to.id() + ":" + c.toPort()
                    + "': message ports connect only to message ports (message outputs of '" + from.id() + "': "
                    + names(from.def().messageOutputs()) + ")"));
        }
        return Optional.empty();
    }

    private static String names(List<MessagePortDef> ports) {
        return ports.isEmpty() ? "none" : String.join(", ", ports.stream().map(MessagePortDef::name).toList());
    }
}

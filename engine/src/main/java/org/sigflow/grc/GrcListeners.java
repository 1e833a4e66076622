package org.sigflow.grc;

/**
 * GRC blocks that open a listening port beyond the loopback: SigFlow's counterpart listens on the loopback unless
 * the user sets its explicit option, so the import says what the file asked for and which option that is.
 */
final class GrcListeners {
    private GrcListeners() {}

    static void check(GrcBlock b, ImportReport.Builder report) {
        if (!b.id().equals("xmlrpc_server")) {
            return;
        }
        String addr = b.params().getOrDefault("addr", "localhost").strip();
        if (addr.length() >= 2 && (addr.startsWith("'") && addr.endsWith("'")
                || addr.startsWith("\"") && addr.endsWith("\""))) {
            addr = addr.substring(1, addr.length() - 1);
        }
        if (!org.sigflow.blocks.variables.XmlRpcServerBlock.isLoopback(addr)) {
            report.attention("block " + b.describe(), "asks to listen on '" + addr + "' (port "
                    + b.params().getOrDefault("port", "8000").strip() + "); SigFlow's XML-RPC server listens on the "
                    + "loopback only, unless its param listen_beyond_loopback (Listen Beyond Loopback, Advanced) is "
                    + "set: a shared file never opens a port to the network by itself (running it with that set asks "
                    + "for trust)");
        }
    }
}

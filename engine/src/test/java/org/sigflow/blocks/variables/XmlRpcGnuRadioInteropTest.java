package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.expr.Value;
import org.sigflow.runtime.GraphVariables;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * SigFlow against GNU Radio 3.10's own generated XML-RPC example flowgraphs (tools/xmlrpc/gr_xmlrpc_peer.py runs
 * them headless): SigFlow's client sets GNU Radio's {@code siggen_xmlrpc_server}, and GNU Radio's generated
 * {@code siggen_controller_xmlrpc_client} sets SigFlow's import of that same server example. Skipped, saying so,
 * where GNU Radio or its examples are missing.
 */
class XmlRpcGnuRadioInteropTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("sigflow.grc.examples",
            "/work/shared/grc-examples"), "gr-blocks", "examples", "xmlrpc");
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static Path peerScript() throws Exception {
        Peers.assumeGnuRadio();
        if (!Files.isDirectory(EXAMPLES)) { // say so in the build's output, not only in the test report
            String why = "GNU Radio's XML-RPC examples are not in " + EXAMPLES
                    + ": interop with GNU Radio's generated flowgraphs skipped";
            System.out.println("XmlRpcGnuRadioInteropTest: skipped: " + why);
            Assumptions.abort(why);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("tools/xmlrpc/gr_xmlrpc_peer.py");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new AssertionError("tools/xmlrpc/gr_xmlrpc_peer.py not found");
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void sigflowsClientSetsGnuRadiosGeneratedServer() throws Exception {
        Path script = peerScript();
        int port = freePort();
        Process gr = new ProcessBuilder("/usr/bin/python3", script.toString(), "server", Integer.toString(port))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon(true).start(() -> new BufferedReader(new InputStreamReader(gr.getInputStream(),
                StandardCharsets.UTF_8)).lines().forEach(lines::add));
        PrintStream toGr = new PrintStream(gr.getOutputStream(), true, StandardCharsets.UTF_8);
        try {
            assertEquals("READY", lines.poll(120, TimeUnit.SECONDS), "GNU Radio's server flowgraph started");
            Path f = tmp.resolve("client.graph");
            Files.writeString(f, """
                    {"format": "sigflow-graph", "version": 1, "variables": {"freq": "1000"},
                     "blocks": [{"id": "client", "type": "xmlrpc_client", "params": {"addr": "'localhost'",
                       "port": "%d", "callback": "'set_rmt_freq'", "value": "freq"}}], "connections": []}
                    """.formatted(port));
            OpenedGraph g = engine.open(f, Map.of());
            try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
                XmlRpcClientBlock.Client client = (XmlRpcClientBlock.Client) run.block("client");
                g = engine.changeVariable(g, run, "freq", "1500");
                MsgPairToVarTest.waitUntil(() -> client.sent() == 1);
                toGr.println("get rmt_freq");
                assertEquals("rmt_freq 1500", lines.poll(20, TimeUnit.SECONDS), "GNU Radio's variable, set by SigFlow");
                engine.changeVariable(g, run, "freq", "2500.5");
                MsgPairToVarTest.waitUntil(() -> client.sent() == 2);
                toGr.println("get rmt_freq");
                assertEquals("rmt_freq 2500.5", lines.poll(20, TimeUnit.SECONDS));
                assertEquals(0, client.failed());
                run.stop();
                run.await();
            }
        } finally {
            toGr.println("quit");
            if (!gr.waitFor(20, TimeUnit.SECONDS)) {
                gr.destroy();
            }
        }
    }

    @Test
    void gnuRadiosGeneratedClientSetsSigflowsImportOfTheServerExample() throws Exception {
        Path script = peerScript();
        int port = freePort();
        Path grc = tmp.resolve("siggen_xmlrpc_server.grc");
        String text = Files.readString(EXAMPLES.resolve("siggen_xmlrpc_server.grc"));
        assertTrue(text.contains("port: '8000'"), "the example serves port 8000");
        Files.writeString(grc, text.replace("port: '8000'", "port: '" + port + "'"));
        try (RunningGraph run = engine.start(engine.open(grc, Map.of()), RunOptions.DEFAULT)) {
            XmlRpcServerBlockTest.port(run, "xmlrpc_server_0");
            List<String> out = Peers.run(tmp, "/usr/bin/python3", script.toString(), "client", Integer.toString(port),
                    "1500", "2500.5");
            assertEquals("DONE", out.getLast());
            GraphVariables vars = engine.variables(run).orElseThrow();
            assertEquals(Optional.of(Value.of(2500.5)), vars.value("rmt_freq"));
            assertEquals(2500.5, vars.param("analog_sig_source_x_0", "frequency").orElseThrow().asDouble(),
                    "the imported signal source follows GNU Radio's client");
            run.stop();
            run.await();
        }
    }
}

package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * The XML-RPC client block against Python's own {@code SimpleXMLRPCServer} (what GNU Radio's generated server is):
 * each change of its variable becomes one call, with the value as GNU Radio passes it; no server is not a failure.
 */
class XmlRpcClientBlockTest {
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private OpenedGraph clientGraph(int port, boolean atStart) throws Exception {
        Path f = tmp.resolve("client.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {"freq": "1000"},
                 "blocks": [{"id": "client", "type": "xmlrpc_client", "params": {"addr": "'127.0.0.1'",
                   "port": "%d", "callback": "'set_rmt_freq'", "value": "freq", "send_at_start": "%s"}}],
                 "connections": []}
                """.formatted(port, atStart));
        return engine.open(f, Map.of());
    }

    @Test
    void eachChangeOfTheVariableIsOneCallOnThePythonServer() throws Exception {
        Peers.assumeInstalled("python3", "the client against Python's SimpleXMLRPCServer");
        Path script = tmp.resolve("server.py");
        Files.writeString(script, """
                from xmlrpc.server import SimpleXMLRPCServer
                s = SimpleXMLRPCServer(('127.0.0.1', 0), logRequests=False, allow_none=True)
                def set_rmt_freq(v):
                    print('CALL', type(v).__name__, repr(v), flush=True)
                s.register_function(set_rmt_freq)
                print('PORT', s.server_address[1], flush=True)
                s.serve_forever()
                """);
        Process py = new ProcessBuilder("python3", script.toString()).redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofPlatform().daemon(true).start(() -> new BufferedReader(new InputStreamReader(py.getInputStream(),
                StandardCharsets.UTF_8)).lines().forEach(lines::add));
        try {
            String first = lines.poll(30, TimeUnit.SECONDS);
            assertTrue(first != null && first.startsWith("PORT "), "the Python server started: " + first);
            OpenedGraph g = clientGraph(Integer.parseInt(first.substring(5)), true);
            try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
                assertEquals("CALL int 1000", lines.poll(20, TimeUnit.SECONDS), "asked to, it calls once at start");
                g = engine.changeVariable(g, run, "freq", "1500");
                assertEquals("CALL int 1500", lines.poll(20, TimeUnit.SECONDS), "a whole number goes as an int");
                g = engine.changeVariable(g, run, "freq", "1500 / 4 + 0.125");
                assertEquals("CALL float 375.125", lines.poll(20, TimeUnit.SECONDS));
                assertEquals(null, lines.poll(300, TimeUnit.MILLISECONDS), "one call per change");
                XmlRpcClientBlock.Client client = (XmlRpcClientBlock.Client) run.block("client");
                assertEquals(3, client.sent());
                assertEquals(0, client.failed());
                run.stop();
                assertEquals(RunOutcome.Kind.STOPPED, run.await().kind());
            }
        } finally {
            py.destroy();
            py.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void callingAnotherMachineIsATrustConcernAndTheLoopbackIsNot() throws Exception {
        assertEquals(java.util.List.of(), org.sigflow.session.GraphTrust.concerns(clientGraph(8000, false)));
        Path f = tmp.resolve("remote.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {"freq": "1000"},
                 "blocks": [{"id": "client", "type": "xmlrpc_client", "params": {"addr": "'radio.example.org'",
                   "port": "8000", "value": "freq"}}], "connections": []}
                """);
        assertEquals("block 'client' calls 'radio.example.org:8000', beyond this machine's loopback",
                org.sigflow.session.GraphTrust.concerns(engine.open(f, Map.of())).getFirst().toString());
    }

    @Test
    void aServerThatIsNotThereIsLoggedAndTheGraphRunsOn() throws Exception {
        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort(); // closed again: nobody listens there
        }
        OpenedGraph g = clientGraph(free, false);
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            XmlRpcClientBlock.Client client = (XmlRpcClientBlock.Client) run.block("client");
            engine.changeVariable(g, run, "freq", "1500");
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (client.failed() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(1, client.failed(), "the call found no server");
            assertEquals(0, client.sent());
            assertTrue(run.isRunning(), "no server is not a failure of the graph");
            run.stop();
            assertEquals(RunOutcome.Kind.STOPPED, run.await().kind());
        }
    }
}

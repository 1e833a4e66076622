package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * The XML-RPC server block on a real socket: Python's own {@code xmlrpc.client} (as GNU Radio's controller scripts
 * use it) reads and sets the running graph's variables, and the tone the graph makes follows the frequency set.
 */
class XmlRpcServerBlockTest {
    private static final double FS = 32000;
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private OpenedGraph toneGraph() throws Exception {
        Path f = tmp.resolve("siggen.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1,
                 "variables": {"samp_rate": "32000", "freq": "1000", "label": "'tone'"},
                 "blocks": [
                  {"id": "src", "type": "signal_source", "params": {"samp_rate": "samp_rate", "frequency": "freq"}},
                  {"id": "pace", "type": "throttle", "params": {"samples_per_second": "4 * samp_rate"}},
                  {"id": "sink", "type": "vector_sink", "params": {}},
                  {"id": "rpc", "type": "xmlrpc_server", "params": {"port": "0"}}],
                 "connections": [
                  {"fromBlock": "src", "fromPort": "out", "toBlock": "pace", "toPort": "in"},
                  {"fromBlock": "pace", "fromPort": "out", "toBlock": "sink", "toPort": "in"}]}
                """);
        return engine.open(f, Map.of());
    }

    @Test
    void pythonSetsTheFrequencyAndTheToneFollows() throws Exception {
        Peers.assumeInstalled("python3", "XML-RPC calls from Python's xmlrpc.client");
        Path script = tmp.resolve("controller.py");
        Files.writeString(script, """
                import json, sys, xmlrpc.client as x
                s = x.ServerProxy('http://127.0.0.1:%s/' % sys.argv[1])
                def fault(call):
                    try:
                        call()
                        return None
                    except x.Fault as e:
                        return [e.faultCode, e.faultString]
                out = {'before': s.get_freq(), 'samp_rate': s.get_samp_rate(), 'label': s.get_label()}
                out['set'] = s.set_freq(1500)
                out['after'] = s.get_freq()
                out['unknown'] = fault(lambda: s.set_nothing(1))
                out['string'] = fault(lambda: s.set_freq('abc'))
                out['struct'] = fault(lambda: s.set_freq({'a': 1}))
                out['arguments'] = fault(lambda: s.get_freq(1))
                out['fixed'] = fault(lambda: s.set_samp_rate(48000))
                out['final'] = s.get_freq()
                print(json.dumps(out))
                """);
        try (RunningGraph run = engine.start(toneGraph(), RunOptions.DEFAULT)) {
            int port = port(run);
            List<String> lines = Peers.run(tmp, "python3", script.toString(), Integer.toString(port));
            JsonNode out = new ObjectMapper().readTree(lines.getLast());
            assertEquals(1000, out.get("before").asInt());
            assertTrue(out.get("before").isInt(), "an integer variable is sent as an int: " + out);
            assertEquals(32000, out.get("samp_rate").asInt());
            assertEquals("tone", out.get("label").asText());
            assertTrue(out.get("set").isNull(), "a setter answers None, as GNU Radio's: " + out);
            assertEquals(1500, out.get("after").asInt());
            assertEquals("<class 'Exception'>:method \"set_nothing\" is not supported",
                    out.get("unknown").get(1).asText());
            assertTrue(out.get("string").get(1).asText().contains("refused"), out.toString());
            assertTrue(out.get("struct").get(1).asText().contains("struct"), out.toString());
            assertTrue(out.get("arguments").get(1).asText().contains("takes 0 arguments (1 given)"), out.toString());
            assertEquals(1500, out.get("final").asInt(), "refused values leave the variable as it was");
            assertTrue(out.get("fixed").get(1).asText().contains("set_samp_rate(48000) refused")
                    && out.get("fixed").get(1).asText().contains("samp_rate"), out.toString());

            VectorSink.Collector sink = (VectorSink.Collector) run.block("sink");
            double step = newestStep(sink, 2 * Math.PI * 1500 / FS);
            assertEquals(2 * Math.PI * 1500 / FS, step, 1e-4, "the tone's phase step per sample at 1500 Hz");
            float[] all = sink.floats();
            assertEquals(2 * Math.PI * 1000 / FS, meanStep(all, 0, 256), 1e-4, "the first samples are at 1000 Hz");
            assertTrue(run.isRunning(), "faults leave the graph running");
            run.stop();
            assertEquals(RunOutcome.Kind.STOPPED, run.await().kind());
        }
    }

    @Test
    void onlyXmlRpcPostsAreServedAndDocumentTypesAreRefused() throws Exception {
        try (RunningGraph run = engine.start(toneGraph(), RunOptions.DEFAULT);
             HttpClient http = HttpClient.newHttpClient()) {
            URI uri = URI.create("http://127.0.0.1:" + port(run) + "/RPC2");
            HttpResponse<String> get = http.send(HttpRequest.newBuilder(uri).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(405, get.statusCode());
            String entity = """
                    <?xml version="1.0"?>
                    <!DOCTYPE methodCall [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                    <methodCall><methodName>set_label</methodName>
                    <params><param><value><string>&x;</string></value></param></params></methodCall>
                    """;
            String reply = http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(entity))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(reply.contains("<fault>") && reply.contains("document type"), reply);
            assertEquals("'tone'", engine.changeVariable(null, run, "freq", "1000").graph().variables().get("label"),
                    "the entity's text never reached the variable");
            String set = http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(
                    XmlRpc.call("set_label", List.of("a <b> & c")))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(set.contains("<nil/>"), set);
            assertEquals("a <b> & c", XmlRpc.parseResponse(http.send(HttpRequest.newBuilder(uri).POST(
                    HttpRequest.BodyPublishers.ofString(XmlRpc.call("get_label", List.of()))).build(),
                    HttpResponse.BodyHandlers.ofByteArray()).body()));
            run.stop();
            run.await();
        }
    }

    private static final String WIDE_GRC = """
            options:
              parameters: {id: wide, title: wide}
            blocks:
            - name: freq
              id: variable
              parameters: {value: '1000'}
            - name: rpc
              id: xmlrpc_server
              parameters: {addr: 0.0.0.0, port: '0'}
            connections: []
            metadata: {file_format: 1}
            """;

    @Test
    void aFileAskingForEveryInterfaceGetsTheLoopbackAndTheImportSaysWhichOptionWidensIt() throws Exception {
        org.sigflow.grc.ImportResult r = engine.grcImporter().importText(WIDE_GRC, "wide.grc");
        String report = String.join("\n", r.report().lines());
        assertTrue(report.contains("listen on '0.0.0.0'") && report.contains("listen_beyond_loopback"), report);
        assertEquals("'0.0.0.0'", r.graph().block("rpc").orElseThrow().params().get("addr"));
        Path file = tmp.resolve("wide.grc");
        Files.writeString(file, WIDE_GRC);
        OpenedGraph g = engine.open(file, Map.of());
        assertEquals(List.of(), org.sigflow.session.GraphTrust.concerns(g), "listening on the loopback needs no trust");
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            port(run);
            XmlRpcServerBlock.Server server = (XmlRpcServerBlock.Server) run.block("rpc");
            assertTrue(server.listening().getAddress().isLoopbackAddress(), server.listening().toString());
            run.stop();
            run.await();
        }
        Path wide = tmp.resolve("wide.graph");
        Files.writeString(wide, new org.sigflow.format.GraphWriter().write(r.graph().withBlockEdited("rpc",
                b -> b.withParam("listen_beyond_loopback", "true"))));
        List<org.sigflow.session.GraphTrust.Concern> concerns = org.sigflow.session.GraphTrust.concerns(
                engine.open(wide, Map.of()));
        assertEquals(1, concerns.size(), concerns.toString());
        assertTrue(concerns.getFirst().toString().contains("listens on '0.0.0.0:0'"), concerns.toString());
    }

    @Test
    void aGraphWhoseStreamsEndCompletesAndItsServerCloses() throws Exception {
        Path f = tmp.resolve("finite.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {"freq": "1000", "seen": "0"},
                 "blocks": [
                  {"id": "src", "type": "vector_source", "params": {"vector": "[1, 2, 3]", "repeat": "false"}},
                  {"id": "sink", "type": "vector_sink", "params": {}},
                  {"id": "rpc", "type": "xmlrpc_server", "params": {"port": "0"}},
                  {"id": "client", "type": "xmlrpc_client", "params": {"port": "9", "value": "freq"}},
                  {"id": "probe", "type": "function_probe", "params": {"target": "'seen'", "function": "'get_freq'"}}],
                 "connections": [{"fromBlock": "src", "fromPort": "out", "toBlock": "sink", "toPort": "in"}]}
                """);
        try (RunningGraph run = engine.start(engine.open(f, Map.of()), RunOptions.DEFAULT)) {
            RunOutcome end = run.await(java.time.Duration.ofSeconds(30)).orElseThrow(
                    () -> new AssertionError("the graph did not end with its streams"));
            assertEquals(RunOutcome.Kind.COMPLETED, end.kind(), "as GNU Radio's, whose server is a thread beside it");
            assertEquals(3, ((VectorSink.Collector) run.block("sink")).count());
            int port = ((XmlRpcServerBlock.Server) run.block("rpc")).port();
            assertTrue(port > 0);
            try (java.net.Socket s = new java.net.Socket()) {
                assertThrows(java.io.IOException.class, () -> s.connect(new java.net.InetSocketAddress(
                        java.net.InetAddress.getLoopbackAddress(), port), 5000), "the server has closed");
            }
        }
    }

    /** The port the server listens on, once it has started (bounded wait). */
    static int port(RunningGraph run) throws InterruptedException {
        return port(run, "rpc");
    }

    static int port(RunningGraph run, String block) throws InterruptedException {
        XmlRpcServerBlock.Server server = (XmlRpcServerBlock.Server) run.block(block);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (server.port() < 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(server.port() > 0, "the server listens within 20 s");
        return server.port();
    }

    /**
     * The mean phase step of the newest 256 samples, once it is within 1e-4 of {@code expected} (samples made before
     * the change may still be on their way) or after 20 s.
     */
    private static double newestStep(VectorSink.Collector sink, double expected) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        double step = Double.NaN;
        while (System.nanoTime() < deadline) {
            float[] x = sink.floats();
            if (x.length >= 2 * 300) {
                step = meanStep(x, x.length / 2 - 257, 256);
                if (Math.abs(step - expected) < 1e-4) {
                    break;
                }
            }
            Thread.sleep(20);
        }
        return step;
    }

    /** Mean of arg(x[n+1] conj(x[n])) over {@code n} steps from complex sample {@code from}. */
    private static double meanStep(float[] iq, int from, int n) {
        double sum = 0;
        for (int k = from; k < from + n; k++) {
            double re0 = iq[2 * k];
            double im0 = iq[2 * k + 1];
            double re1 = iq[2 * k + 2];
            double im1 = iq[2 * k + 3];
            sum += Math.atan2(im1 * re0 - re1 * im0, re1 * re0 + im1 * im0);
        }
        return sum / n;
    }
}

package org.sigflow.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.cli.Main;
import org.sigflow.display.DisplayFrame;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.session.InvalidGraphException;

/**
 * {@code sigflow serve} as a separate process (the real CLI), driven through {@link RemoteEngine}: a run streams
 * metrics and display frames whose values match the analytic spectrum and amplitude of its tone, takes a runtime
 * param, stops with a summary; a wrong token, a malformed graph, a graph beyond the work folder, a server killed
 * mid-run and a port in use each end with one clear message.
 */
class RemoteEngineTest {
    private static final String TOKEN = "s3cret-token";
    private static final double FS = 1e6;
    private static final int FFT = 1024;
    @TempDir
    Path work;

    /** A tone of amplitude 0.5 at {@code freq}, throttled to 1 Msps, into a spectrum and a time sink. */
    static String toneGraph(String freq) {
        return """
                {"format": "sigflow-graph", "version": 1,
                 "variables": {"f": "%s"},
                 "blocks": [
                  {"id": "src", "type": "signal_source", "params": {"type": "cf32", "samp_rate": "1e6", "frequency": "f", "amplitude": "0.5"}},
                  {"id": "thr", "type": "throttle", "params": {"type": "cf32", "samples_per_second": "1e6"}},
                  {"id": "spec", "type": "spectrum_sink", "params": {"type": "cf32", "samp_rate": "1e6", "fft_size": "1024", "update_rate": "20"}},
                  {"id": "time", "type": "time_sink", "params": {"type": "cf32", "samp_rate": "1e6", "points": "256", "update_rate": "20"}}
                 ],
                 "connections": [
                  {"fromBlock": "src", "fromPort": "out", "toBlock": "thr", "toPort": "in"},
                  {"fromBlock": "thr", "fromPort": "out", "toBlock": "spec", "toPort": "in"},
                  {"fromBlock": "thr", "fromPort": "out", "toBlock": "time", "toPort": "in"}
                 ]}
                """.formatted(freq);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out (60 s) waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    /** The next frame of a display, waiting for it. */
    private static DisplayFrame frame(RemoteRun run, String block) throws InterruptedException {
        DisplayFrame[] f = new DisplayFrame[1];
        await("a frame of '" + block + "'", () -> (f[0] = run.displayFrames(block).take()) != null);
        return f[0];
    }

    /** Frequency of the spectrum frame's strongest bin. */
    private static double peakHz(DisplayFrame f) {
        float[] db = f.traces().getFirst();
        int best = 0;
        for (int i = 1; i < db.length; i++) {
            best = db[i] > db[best] ? i : best;
        }
        return f.xStart() + best * f.xStep();
    }

    private static float peakDb(DisplayFrame f) {
        float max = -Float.MAX_VALUE;
        for (float v : f.traces().getFirst()) {
            max = Math.max(max, v);
        }
        return max;
    }

    @Test
    void aGraphRunsRemotelyStreamsMetricsAndFramesTakesAParamAndStopsWithASummary() throws Exception {
        try (ServeProcess serve = new ServeProcess(work, "--listen", "127.0.0.1:0", "--token", TOKEN)) {
            RemoteEngine engine = RemoteEngine.connect(serve.address(), TOKEN);
            RemoteRun run = engine.run(toneGraph("125e3"));
            assertTrue(run.isRunning());
            assertNull(run.displayFrames("thr"), "a throttle is no display sink");
            assertThrows(IllegalArgumentException.class, () -> run.displayFrames("nope"));

            // The spectrum shows the tone on its bin (bin width 976.6 Hz) at 20 log10(0.5) = -6.02 dBFS.
            DisplayFrame spec = frame(run, "spec");
            assertEquals(FFT, spec.length());
            assertEquals(-FS / 2, spec.xStart(), 1e-6);
            assertEquals(FS / FFT, spec.xStep(), 1e-9);
            assertEquals(125e3, peakHz(spec), FS / FFT);
            assertEquals(-6.02, peakDb(spec), 0.1);
            // The time view's points lie on the circle of radius 0.5.
            DisplayFrame time = frame(run, "time");
            assertEquals(256, time.length());
            for (int i = 0; i < time.length(); i++) {
                double re = time.traces().get(0)[i];
                double im = time.traces().get(1)[i];
                assertEquals(0.5, Math.hypot(re, im), 1e-5, "point " + i);
            }
            await("metrics of every block", () -> run.metrics().size() == 4
                    && run.metrics().stream().allMatch(m -> m.itemsIn() + m.itemsOut() > 0));
            assertEquals(List.of("src", "thr", "spec", "time"), run.metrics().stream().map(BlockMetrics::id).toList());

            // A runtime param changed through the server moves the tone.
            run.changeParam("src", "frequency", "-250e3").get();
            await("the tone to move", () -> {
                DisplayFrame f = run.displayFrames("spec").take();
                return f != null && Math.abs(peakHz(f) + 250e3) <= FS / FFT;
            });
            Exception refused = assertThrows(Exception.class, () -> run.changeParam("src", "samp_rate", "2e6").get());
            assertTrue(refused.getMessage().contains("cannot change while running"), refused.getMessage());
            run.changeVariable("f", "300e3").get();

            run.stop();
            RunOutcome outcome = run.await(Duration.ofSeconds(60)).orElseThrow();
            assertEquals(RunOutcome.Kind.STOPPED, outcome.kind());
            assertTrue(outcome.seconds() > 0);
            BlockMetrics sink = run.metrics().stream().filter(m -> m.id().equals("spec")).findFirst().orElseThrow();
            BlockMetrics src = run.metrics().get(0);
            assertTrue(sink.itemsIn() > 0 && sink.itemsIn() <= src.itemsOut(), sink + " / " + src);
            assertTrue(!run.isRunning());
        }
    }

    @Test
    void aWrongTokenIsRefusedWith401AndAClearMessage() throws Exception {
        try (ServeProcess serve = new ServeProcess(work, "--listen", "127.0.0.1:0", "--token", TOKEN)) {
            String address = serve.address();
            RemoteException e = assertThrows(RemoteException.class, () -> RemoteEngine.connect(address, "wrong"));
            assertTrue(e.getMessage().contains("refused the token (HTTP 401)"), e.getMessage());
            RemoteException none = assertThrows(RemoteException.class, () -> RemoteEngine.connect(address, ""));
            assertTrue(none.getMessage().contains("it needs one"), none.getMessage());
            HttpResponse<String> raw = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://" + address + "/v1/graphs")).header("Authorization", "Bearer wrong")
                    .POST(HttpRequest.BodyPublishers.ofString(toneGraph("1"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, raw.statusCode());
            assertTrue(raw.body().contains("missing or wrong token"), raw.body());
        }
    }

    @Test
    void aMalformedGraphComesBackAsLocatedProblemsInJson() throws Exception {
        try (ServeProcess serve = new ServeProcess(work, "--listen", "127.0.0.1:0")) {
            String address = serve.address();
            RemoteEngine engine = RemoteEngine.connect(address, null);
            // broken JSON: located by line and column
            InvalidGraphException syntax = assertThrows(InvalidGraphException.class,
                    () -> engine.submit("{\"format\": \"sigflow-graph\",\n \"version\": 1,\n \"blocks\": [ }"));
            assertTrue(syntax.problems().getFirst().startsWith("3:"), syntax.problems().toString());
            // an unknown block type and a bad expression: each named by its block
            String bad = toneGraph("1e3").replace("\"throttle\"", "\"no_such_block\"").replace("\"0.5\"", "\"0.5 +\"");
            InvalidGraphException invalid = assertThrows(InvalidGraphException.class, () -> engine.submit(bad));
            String all = String.join("\n", invalid.problems());
            assertTrue(all.contains("thr") && all.contains("no_such_block"), all);
            assertTrue(all.contains("src") && all.contains("amplitude"), all);
            // the same, as the server's JSON
            HttpResponse<String> raw = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://" + address + "/v1/graphs")).POST(HttpRequest.BodyPublishers.ofString(bad))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, raw.statusCode());
            var json = RemoteJson.parse(raw.body());
            assertEquals("the graph is not valid", json.path("error").asText());
            assertEquals(invalid.problems(), RemoteJson.strings(json.path("problems")));
        }
    }

    @Test
    void aGraphThatWritesOutsideTheWorkFolderIsRefusedUnlessTrusted() throws Exception {
        String writer = """
                {"format": "sigflow-graph", "version": 1, "blocks": [
                  {"id": "src", "type": "null_source", "params": {"type": "cf32"}},
                  {"id": "out", "type": "file_sink", "params": {"file": "'/tmp/sigflow-remote-test.cf32'", "type": "cf32"}}],
                 "connections": [{"fromBlock": "src", "fromPort": "out", "toBlock": "out", "toPort": "in"}]}
                """;
        try (ServeProcess serve = new ServeProcess(work, "--listen", "127.0.0.1:0")) {
            RemoteEngine engine = RemoteEngine.connect(serve.address(), null);
            InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.submit(writer));
            assertTrue(e.source().contains("work folder") && e.source().contains("--trust"), e.source());
            assertTrue(e.problems().getFirst().startsWith("block 'out'"), e.problems().toString());
            assertTrue(engine.submit(writer.replace("/tmp/", "")).startsWith("g"), "inside the work folder it runs");
        }
    }

    @Test
    void aServerThatDiesMidRunEndsTheRunWithAMessageAndStopDoesNotHang() throws Exception {
        try (ServeProcess serve = new ServeProcess(work, "--listen", "127.0.0.1:0")) {
            String address = serve.address();
            RemoteRun run = RemoteEngine.connect(address, null).run(toneGraph("1e3"));
            await("metrics", () -> !run.metrics().isEmpty());
            serve.process.destroyForcibly();
            RunOutcome outcome = run.await(Duration.ofSeconds(60)).orElseThrow(
                    () -> new AssertionError("the client did not notice the server went away"));
            assertEquals(RunOutcome.Kind.FAILED, outcome.kind());
            String message = outcome.failure().describe();
            assertTrue(message.startsWith("the remote engine at 127.0.0.1:") && message.contains("dropped the "
                    + "connection"), message);
            run.stop(); // returns at once; nothing to stop
            assertEquals(outcome, run.await());
            RemoteException gone = assertThrows(RemoteException.class, () -> RemoteEngine.connect(address, null));
            assertTrue(gone.getMessage().contains("nothing listens there"), gone.getMessage());
        }
    }

    @Test
    void aPortInUseIsOneLineAndExitCode1() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = Main.run(List.of("serve", "--work", work.toString(), "--listen", "127.0.0.1:"
                    + taken.getLocalPort()), new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                    StandardCharsets.UTF_8));
            assertEquals(1, code);
            assertEquals("sigflow: cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": the address is in use "
                    + "(another program, or another sigflow serve, listens there; choose another with --listen)\n",
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void listeningBeyondLoopbackWithoutATokenGeneratesOne() throws Exception {
        try (ServeProcess serve = new ServeProcess(work, "--listen", "0.0.0.0:0")) {
            String port = serve.address().replaceAll(".*:", "");
            String tokenLine = serve.nextLine();
            assertTrue(tokenLine.startsWith("token: "), tokenLine);
            String token = tokenLine.substring(7).split("\\s")[0];
            assertTrue(token.length() >= 40, token);
            assertThrows(RemoteException.class, () -> RemoteEngine.connect("127.0.0.1:" + port, null));
            RemoteEngine.connect("127.0.0.1:" + port, token); // accepted
        }
    }
}

package org.sigflow.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.sigflow.catalog.ParamDef;
import org.sigflow.format.FormatProblem;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.GraphReader;
import org.sigflow.format.LoadedGraph;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.GraphTrust;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;

/**
 * {@code sigflow serve}: an HTTP/1.1 API (JDK's built-in server) through which a designer elsewhere submits graphs,
 * starts and stops them, changes runtime parameters and watches a run as an NDJSON event stream. Graphs are
 * validated against this server's catalog, resolve their files in the work folder and are refused when they would
 * reach beyond it or the loopback, unless the server trusts every graph. docs/remote.md describes the API.
 */
public final class RemoteServer implements AutoCloseable {
    /** Largest graph text accepted. */
    private static final int MAX_BODY = 16 << 20;

    /**
     * @param token a bearer token every request must carry, or null for none (loopback only)
     * @param trust run graphs that reach beyond the work folder or the loopback
     */
    public record Options(InetSocketAddress listen, String token, Path workDir, boolean trust) {}

    private final Engine engine;
    private final Options options;
    private final BearerToken token;
    private final HttpServer http;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, OpenedGraph> graphs = new ConcurrentHashMap<>();
    private final Map<String, ServedRun> runs = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    private RemoteServer(Engine engine, Options options) throws IOException {
        this.engine = engine;
        this.options = options;
        this.token = options.token() == null ? null : new BearerToken(options.token());
        this.http = HttpServer.create(options.listen(), 16);
        http.createContext("/", this::handle);
        http.setExecutor(threads);
    }

    /** Listens and serves; {@link java.net.BindException} when the address is in use. */
    public static RemoteServer start(Engine engine, Options options) throws IOException {
        RemoteServer s = new RemoteServer(engine, options);
        s.http.start();
        return s;
    }

    /** A fresh random token for a server listening beyond loopback without one given. */
    public static String newToken() {
        return BearerToken.generate();
    }

    /** The address listened on (the real port when 0 was asked). */
    public InetSocketAddress address() {
        return http.getAddress();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (token != null && !token.matches(ex.getRequestHeaders().getFirst("Authorization"))) {
                ex.getResponseHeaders().add("WWW-Authenticate", "Bearer");
                reply(ex, 401, RemoteJson.error("missing or wrong token: send the token that sigflow serve printed, "
                        + "as the header 'Authorization: Bearer TOKEN'", List.of()));
                return;
            }
            route(ex, ex.getRequestMethod(), ex.getRequestURI().getPath().split("/"));
        } catch (IOException e) {
            // the client went away mid-reply: nothing to tell it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            reply(ex, 500, RemoteJson.error("internal error: " + e, List.of()));
        }
    }

    /** Paths: /v1/info, /v1/graphs, /v1/graphs/G/start, /v1/runs/R/{stop,param,variable,events}. */
    private void route(HttpExchange ex, String method, String[] p) throws IOException, InterruptedException {
        String path = ex.getRequestURI().getPath();
        if (p.length >= 3 && p[1].equals("v1")) {
            switch (p[2]) {
                case "info" -> {
                    if (p.length == 3) {
                        reply(ex, 200, RemoteJson.object().put("server", "sigflow").put("protocol", 1)
                                .put("trust", options.trust()).put("workDir", options.workDir().toString()));
                        return;
                    }
                }
                case "graphs" -> {
                    if (p.length == 3 && method.equals("POST")) {
                        submit(ex);
                        return;
                    }
                    if (p.length == 5 && p[4].equals("start") && method.equals("POST")) {
                        start(ex, p[3]);
                        return;
                    }
                }
                case "runs" -> {
                    if (p.length == 5) {
                        ServedRun r = runs.get(p[3]);
                        if (r == null) {
                            reply(ex, 404, RemoteJson.error("no run '" + p[3] + "' on this server", List.of()));
                            return;
                        }
                        if (runAction(ex, method, p[4], r)) {
                            return;
                        }
                    }
                }
                default -> { }
            }
        }
        reply(ex, 404, RemoteJson.error("no such endpoint: " + method + " " + path + " (see docs/remote.md)",
                List.of()));
    }

    private boolean runAction(HttpExchange ex, String method, String action, ServedRun r)
            throws IOException, InterruptedException {
        switch (action) {
            case "events" -> {
                if (!method.equals("GET")) {
                    return false;
                }
                ex.getResponseHeaders().add("Content-Type", "application/x-ndjson");
                ex.sendResponseHeaders(200, 0);
                try (OutputStream out = ex.getResponseBody()) {
                    r.stream(out);
                }
            }
            case "stop" -> {
                r.run.stop();
                reply(ex, 202, RemoteJson.object());
            }
            case "param" -> {
                JsonNode b = body(ex);
                changeParam(ex, r, b.path("block").asText(), b.path("param").asText(), b.path("value").asText());
            }
            case "variable" -> {
                JsonNode b = body(ex);
                try {
                    r.opened = engine.changeVariable(r.opened, r.run, b.path("name").asText(), b.path("value").asText());
                    reply(ex, 200, RemoteJson.object());
                } catch (InvalidGraphException e) {
                    reply(ex, 400, RemoteJson.error(String.join("; ", e.problems()), e.problems()));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void changeParam(HttpExchange ex, ServedRun r, String block, String param, String value)
            throws IOException, InterruptedException {
        boolean runtime = r.opened.resolved().block(block).flatMap(b -> b.def().param(param))
                .map(ParamDef::runtime).orElse(false);
        if (!runtime) {
            reply(ex, 400, RemoteJson.error(block + "." + param + " cannot change while running", List.of()));
            return;
        }
        try {
            engine.changeParam(r.opened, r.run, block, param, value).get(10, TimeUnit.SECONDS);
            reply(ex, 200, RemoteJson.object());
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            reply(ex, 400, RemoteJson.error(c.getMessage() == null ? c.toString() : c.getMessage(), List.of()));
        } catch (java.util.concurrent.TimeoutException e) {
            reply(ex, 400, RemoteJson.error("the block did not apply the change within 10 s", List.of()));
        }
    }

    /** Reads, validates and (trust rules permitting) keeps a graph; answers its id and warnings, or its problems. */
    private void submit(HttpExchange ex) throws IOException {
        String id = "g" + ids.incrementAndGet();
        String text = new String(readBody(ex), StandardCharsets.UTF_8);
        Path file = options.workDir().resolve("remote-" + id + ".graph"); // relative paths resolve in the work folder
        OpenedGraph opened;
        try {
            LoadedGraph loaded = new GraphReader().read(text, "the submitted graph");
            opened = engine.open(loaded.graph(), file, Map.of());
            engine.check(opened);
        } catch (GraphFormatException e) {
            List<String> problems = e.problems().stream().map(FormatProblem::toString).toList();
            reply(ex, 400, RemoteJson.error("the graph is not valid", problems));
            return;
        } catch (InvalidGraphException e) {
            reply(ex, 400, RemoteJson.error("the graph is not valid", e.problems()));
            return;
        }
        List<GraphTrust.Concern> concerns = GraphTrust.concerns(opened);
        if (!options.trust() && !concerns.isEmpty()) {
            reply(ex, 403, RemoteJson.error("this server runs only graphs that stay in its work folder ("
                    + options.workDir() + ") and on its loopback (start it with --trust to run any graph)",
                    concerns.stream().map(GraphTrust.Concern::toString).toList()));
            return;
        }
        graphs.put(id, opened);
        ObjectNode o = RemoteJson.object().put("graph", id);
        opened.warnings().forEach(o.putArray("warnings")::add);
        reply(ex, 201, o);
    }

    private void start(HttpExchange ex, String graphId) throws IOException {
        OpenedGraph opened = graphs.get(graphId);
        if (opened == null) {
            reply(ex, 404, RemoteJson.error("no graph '" + graphId + "' on this server", List.of()));
            return;
        }
        RunningGraph run;
        try {
            run = engine.start(opened, RunOptions.DEFAULT);
        } catch (InvalidGraphException e) {
            reply(ex, 400, RemoteJson.error("the graph cannot start", e.problems()));
            return;
        }
        ServedRun r = new ServedRun("r" + ids.incrementAndGet(), opened, run);
        runs.put(r.id, r);
        ObjectNode o = RemoteJson.object().put("run", r.id);
        r.blocks.forEach(o.putArray("blocks")::add);
        r.displays.forEach(o.putArray("displays")::add);
        reply(ex, 201, o);
    }

    private static JsonNode body(HttpExchange ex) throws IOException {
        return RemoteJson.parse(new String(readBody(ex), StandardCharsets.UTF_8));
    }

    private static byte[] readBody(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            byte[] b = in.readNBytes(MAX_BODY + 1);
            if (b.length > MAX_BODY) {
                throw new IOException("request body over " + MAX_BODY + " bytes");
            }
            return b;
        }
    }

    private static void reply(HttpExchange ex, int status, ObjectNode body) throws IOException {
        byte[] b = RemoteJson.text(body).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
        }
    }

    /** Stops every run (bounded) and the listener. */
    @Override
    public void close() {
        runs.values().forEach(r -> r.run.stop());
        for (ServedRun r : runs.values()) {
            try {
                r.run.await(java.time.Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        http.stop(0);
        threads.shutdownNow();
    }
}

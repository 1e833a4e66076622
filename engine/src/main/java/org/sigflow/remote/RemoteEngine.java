package org.sigflow.remote;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.sigflow.session.InvalidGraphException;

/**
 * A client of {@code sigflow serve}: submits a graph, starts it and returns a {@link RemoteRun} that the designer
 * watches like a run in its own process. Every failure is one user-worded {@link RemoteException}.
 */
public final class RemoteEngine {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final URI base;
    private final String token;
    private final HttpClient http;

    private RemoteEngine(URI base, String token) {
        this.base = base;
        this.token = token == null || token.isBlank() ? null : token.trim();
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT)
                .build();
    }

    /**
     * Connects to a server at {@code address} ({@code host:port} or {@code http://host:port}) and checks that it
     * answers and takes the token.
     */
    public static RemoteEngine connect(String address, String token) throws RemoteException {
        String a = address.trim();
        URI base;
        try {
            base = URI.create(a.contains("://") ? a : "http://" + a);
            if (!"http".equals(base.getScheme()) || base.getHost() == null || base.getPort() < 0) {
                throw new IllegalArgumentException();
            }
        } catch (IllegalArgumentException e) {
            throw new RemoteException("'" + address + "' is not a remote engine address: write HOST:PORT, e.g. "
                    + "127.0.0.1:7878");
        }
        RemoteEngine e = new RemoteEngine(base, token);
        JsonNode info = e.call("GET", "/v1/info", null, 200);
        if (!"sigflow".equals(info.path("server").asText())) {
            throw new RemoteException(e.where() + " is not a SigFlow remote engine");
        }
        return e;
    }

    String where() {
        return "the remote engine at " + base.getHost() + ":" + base.getPort();
    }

    /** Submits and starts a graph (its .graph JSON text). */
    public RemoteRun run(String graphText) throws RemoteException, InvalidGraphException {
        return start(submit(graphText));
    }

    /** Submits a graph; its id on the server. Problems (format, validation, trust) come back located. */
    public String submit(String graphText) throws RemoteException, InvalidGraphException {
        HttpResponse<String> r = send("POST", "/v1/graphs", graphText);
        JsonNode body = json(r);
        if (r.statusCode() == 400 || r.statusCode() == 403) {
            throw new InvalidGraphException(where() + ": " + body.path("error").asText(),
                    RemoteJson.strings(body.path("problems")));
        }
        expect(r, body, 201);
        return body.path("graph").asText();
    }

    /** Starts a submitted graph. */
    public RemoteRun start(String graphId) throws RemoteException, InvalidGraphException {
        HttpResponse<String> r = send("POST", "/v1/graphs/" + graphId + "/start", "");
        JsonNode body = json(r);
        if (r.statusCode() == 400) {
            throw new InvalidGraphException(where() + ": " + body.path("error").asText(),
                    RemoteJson.strings(body.path("problems")));
        }
        expect(r, body, 201);
        return new RemoteRun(this, body.path("run").asText(), RemoteJson.strings(body.path("blocks")),
                RemoteJson.strings(body.path("displays")));
    }

    /** A POST whose reply only says ok or why not; fails with the server's message. */
    CompletableFuture<Void> post(String path, String body) {
        return http.sendAsync(request("POST", path, body), HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> {
                    if (r.statusCode() / 100 != 2) {
                        throw new IllegalArgumentException(errorOf(r));
                    }
                    return null;
                });
    }

    /** The event stream of a run (NDJSON), opened; the caller closes it. */
    InputStream events(String runId) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(base.resolve("/v1/runs/" + runId + "/events"))
                .headers(auth()).GET().build();
        HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 200) {
            r.body().close();
            throw new IOException("HTTP " + r.statusCode());
        }
        return r.body();
    }

    private JsonNode call(String method, String path, String body, int expected) throws RemoteException {
        HttpResponse<String> r = send(method, path, body);
        JsonNode json = json(r);
        expect(r, json, expected);
        return json;
    }

    private void expect(HttpResponse<String> r, JsonNode body, int expected) throws RemoteException {
        if (r.statusCode() == 401) {
            throw new RemoteException(where() + " refused the token (HTTP 401): "
                    + (token == null ? "it needs one: give the token 'sigflow serve' printed"
                    : "check the token 'sigflow serve' printed"));
        }
        if (r.statusCode() != expected) {
            throw new RemoteException(where() + ": " + errorOf(r));
        }
    }

    private static String errorOf(HttpResponse<String> r) {
        try {
            JsonNode b = RemoteJson.parse(r.body());
            if (b.hasNonNull("error")) {
                return b.get("error").asText();
            }
        } catch (IOException notJson) {
            // fall through
        }
        return "HTTP " + r.statusCode();
    }

    private JsonNode json(HttpResponse<String> r) throws RemoteException {
        try {
            return RemoteJson.parse(r.body());
        } catch (IOException e) {
            throw new RemoteException(where() + " answered HTTP " + r.statusCode() + " with something that is not "
                    + "JSON: is it a SigFlow remote engine?");
        }
    }

    private HttpResponse<String> send(String method, String path, String body) throws RemoteException {
        try {
            return http.send(request(method, path, body), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new RemoteException("cannot connect to " + where() + ": nothing listens there (is 'sigflow serve' "
                    + "running, or the SSH tunnel up?)", e);
        } catch (HttpTimeoutException e) {
            throw new RemoteException(where() + " did not answer within " + REQUEST_TIMEOUT.toSeconds() + " s", e);
        } catch (IOException e) {
            throw new RemoteException("lost the connection to " + where() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while talking to " + where(), e);
        }
    }

    private HttpRequest request(String method, String path, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return b.build();
    }

    private String[] auth() {
        return token == null ? new String[] {"Accept", "application/x-ndjson"}
                : new String[] {"Accept", "application/x-ndjson", "Authorization", "Bearer " + token};
    }
}

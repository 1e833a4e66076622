package org.sigflow.blocks.variables;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code xmlrpc_client}: GNU Radio's XML-RPC client block: whenever its {@code value} (a variable) changes while the
 * graph runs, it calls {@code callback(value)} on the server at {@code addr:port}, as GNU Radio's generated setter
 * does ({@code self.xmlrpc_client_0.set_rmt_freq(self.freq)}). Calls go out in order on a thread of their own, the
 * latest value replacing one not yet sent; a server that is not there, or that answers a fault, is logged once and
 * never fails the graph.
 */
@AutoService(BlockFactory.class)
public final class XmlRpcClientBlock implements BlockFactory {
    private static final System.Logger LOG = System.getLogger(XmlRpcClientBlock.class.getName());

    @Override
    public String id() {
        return "xmlrpc_client";
    }

    @Override
    public Block create(BlockSetup setup) {
        String callback = setup.string("callback").strip();
        if (!callback.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
            throw new IllegalArgumentException("callback '" + callback + "' is not a method name");
        }
        int port = setup.integer("port");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port (1 to 65535)");
        }
        String host = setup.string("addr").strip();
        URI uri;
        try {
            uri = new URI("http", null, host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host, port,
                    "/", null, null);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("address '" + host + "' is not a host name");
        }
        return new Client(setup.instanceId(), uri, callback, setup.param("value"), setup.bool("send_at_start"));
    }

    /** The running client; {@link #sent()} counts the calls the server answered without a fault. */
    public static final class Client implements BesideTheGraph {
        private final String id;
        private final URI uri;
        private final String callback;
        private final Value initial;
        private final boolean sendAtStart;
        private final AtomicReference<Value> pending = new AtomicReference<>();
        private final java.util.Set<String> warned = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private HttpClient http;
        private Thread sender;
        private volatile boolean stopping;
        private volatile long sent;
        private volatile long failed;

        Client(String id, URI uri, String callback, Value initial, boolean sendAtStart) {
            this.id = id;
            this.uri = uri;
            this.callback = callback;
            this.initial = initial;
            this.sendAtStart = sendAtStart;
        }

        @Override
        public void start() {
            http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            sender = Thread.ofVirtual().name("xmlrpc-client-" + id).start(this::sendLoop);
            if (sendAtStart) {
                offer(initial);
            }
        }


        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("value")) {
                BesideTheGraph.super.applyParam(paramId, value);
            }
            offer(value);
        }

        private void offer(Value v) {
            pending.set(v);
            java.util.concurrent.locks.LockSupport.unpark(sender);
        }

        private void sendLoop() {
            while (!stopping) {
                Value v = pending.getAndSet(null);
                if (v == null) {
                    java.util.concurrent.locks.LockSupport.park(this);
                    continue;
                }
                call(v);
            }
        }

        private void call(Value v) {
            Object arg = argument(v);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "text/xml")
                    .POST(HttpRequest.BodyPublishers.ofString(XmlRpc.call(callback, List.of(arg)))).build();
            try {
                HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200) {
                    fail("http", "the server at " + uri + " answered HTTP " + r.statusCode() + " to " + callback);
                    return;
                }
                XmlRpc.parseResponse(r.body());
                sent++;
                warned.remove("connect"); // it is there now: say so again if it goes away
            } catch (XmlRpc.Fault f) {
                fail("fault:" + f.getMessage(), callback + "(" + v.display() + ") at " + uri + ": " + f.getMessage());
            } catch (IOException e) {
                fail("connect", "no XML-RPC server at " + uri + " (" + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); " + callback
                        + " is called again at the next change");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopping = true;
            }
        }

        /** As GNU Radio passes the Python value: a whole number as an int (the param is real, see var_to_msg). */
        private static Object argument(Value v) {
            if (v instanceof Value.Real r && r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 0x1p31) {
                return (long) r.value();
            }
            return XmlRpcValues.xmlRpc(v);
        }

        private void fail(String kind, String message) {
            failed++;
            if (warned.add(kind)) {
                LOG.log(System.Logger.Level.WARNING, "block '" + id + "' (xmlrpc_client): " + message);
            }
        }

        /** Calls the server answered without a fault. */
        public long sent() {
            return sent;
        }

        /** Calls that found no server, or that it answered with a fault. */
        public long failed() {
            return failed;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("sent", (double) sent, "failed", (double) failed);
        }

        @Override
        public void stop() throws InterruptedException {
            stopping = true;
            if (sender != null) {
                sender.interrupt();
                sender.join(Duration.ofSeconds(2));
            }
            if (http != null) {
                http.close();
            }
        }
    }
}

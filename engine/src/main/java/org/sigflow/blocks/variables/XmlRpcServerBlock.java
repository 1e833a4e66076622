package org.sigflow.blocks.variables;

import com.google.auto.service.AutoService;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.GraphVariables;

/**
 * {@code xmlrpc_server}: GNU Radio's XML-RPC server block, which serves the generated top block through Python's
 * {@code SimpleXMLRPCServer.register_instance}: {@code set_<var>(value)} and {@code get_<var>()} for every variable
 * of the graph, over HTTP POST on {@code /} or {@code /RPC2}. A set changes the running graph as a control view does
 * (dependent parameters follow) and answers nil once applied; a refused value, an unknown method or wrong arguments
 * answer a fault. It listens on the loopback unless {@code listen_beyond_loopback} is set: a shared file alone never
 * opens a port to the network.
 */
@AutoService(BlockFactory.class)
public final class XmlRpcServerBlock implements BlockFactory {
    private static final System.Logger LOG = System.getLogger(XmlRpcServerBlock.class.getName());
    /** How long a call waits for its change to be applied before answering a fault. */
    private static final long APPLY_SECONDS = 10;

    @Override
    public String id() {
        return "xmlrpc_server";
    }

    @Override
    public Block create(BlockSetup setup) {
        int port = setup.integer("port");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port (0 to 65535)");
        }
        return new Server(setup.instanceId(), setup.string("addr").strip(), port,
                setup.bool("listen_beyond_loopback"));
    }

    /** Whether a host name or address is this machine's loopback (so listening there reaches nothing outside). */
    public static boolean isLoopback(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return h.equalsIgnoreCase("localhost") || h.startsWith("127.") || h.equals("::1");
    }

    /** The running server; {@link #port()} is the port it listens on (the one chosen when 0 was asked). */
    public static final class Server implements BesideTheGraph {
        private final String id;
        private final String addr;
        private final int port;
        private final boolean beyondLoopback;
        private volatile GraphVariables variables = GraphVariables.NONE;
        private volatile HttpServer http;
        private ExecutorService threads;
        private volatile int boundPort = -1;
        private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();

        Server(String id, String addr, int port, boolean beyondLoopback) {
            this.id = id;
            this.addr = addr;
            this.port = port;
            this.beyondLoopback = beyondLoopback;
        }

        @Override
        public void bindVariables(GraphVariables variables) {
            this.variables = variables;
        }

        @Override
        public boolean waitsOutsideJava() {
            return true; // it only parks; its HTTP threads are its own
        }

        @Override
        public void start() throws IOException {
            InetSocketAddress where = address();
            threads = Executors.newVirtualThreadPerTaskExecutor();
            try {
                http = HttpServer.create(where, 16);
            } catch (IOException e) {
                throw new IOException("cannot listen on " + where.getAddress().getHostAddress() + ":" + port + ": "
                        + e.getMessage(), e);
            }
            http.createContext("/", this::handle);
            http.setExecutor(threads);
            http.start();
            boundPort = http.getAddress().getPort();
            LOG.log(System.Logger.Level.INFO, "block '" + id + "' (xmlrpc_server): serving the graph's variables "
                    + "(set_<name>, get_<name>) at http://" + where.getAddress().getHostAddress() + ":" + boundPort
                    + "/");
        }

        private InetSocketAddress address() throws IOException {
            if (isLoopback(addr)) {
                return new InetSocketAddress(addr.equalsIgnoreCase("localhost") ? InetAddress.getLoopbackAddress()
                        : InetAddress.getByName(addr), port);
            }
            if (beyondLoopback) {
                return addr.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(InetAddress.getByName(addr),
                        port);
            }
            LOG.log(System.Logger.Level.WARNING, "block '" + id + "' (xmlrpc_server): listens on the loopback, not on '"
                    + addr + "': set its param listen_beyond_loopback (Listen Beyond Loopback) to serve the network");
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        }

        /** The address listened on; null before the server started. */
        public InetSocketAddress listening() {
            HttpServer h = http;
            return h == null ? null : h.getAddress();
        }

        /** The port listened on; -1 before the server started. */
        public int port() {
            return boundPort;
        }


        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("port", (double) boundPort, "calls", (double) calls.get());
        }

        @Override
        public void stop() {
            if (http != null) {
                http.stop(0);
                threads.shutdownNow();
            }
        }

        private void handle(HttpExchange ex) throws IOException {
            try (ex) {
                String path = ex.getRequestURI().getPath();
                if (!ex.getRequestMethod().equals("POST")) {
                    ex.getResponseHeaders().add("Allow", "POST");
                    reply(ex, 405, "XML-RPC takes POST requests\n", "text/plain");
                    return;
                }
                if (!path.equals("/") && !path.equals("/RPC2")) {
                    reply(ex, 404, "no XML-RPC here: post to / or /RPC2\n", "text/plain");
                    return;
                }
                byte[] body;
                try (InputStream in = ex.getRequestBody()) {
                    body = in.readNBytes(XmlRpc.MAX_BYTES + 1);
                }
                if (body.length > XmlRpc.MAX_BYTES) {
                    reply(ex, 413, "request larger than " + XmlRpc.MAX_BYTES + " bytes\n", "text/plain");
                    return;
                }
                calls.incrementAndGet();
                reply(ex, 200, answer(body), "text/xml");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** The methodResponse to one methodCall document. */
        String answer(byte[] body) throws InterruptedException {
            try {
                XmlRpc.Call call = XmlRpc.parseCall(body);
                return XmlRpc.response(dispatch(call.method(), call.params()));
            } catch (XmlRpc.Fault f) {
                return XmlRpc.fault(f.code, f.getMessage());
            }
        }

        private Object dispatch(String method, List<Object> params) throws XmlRpc.Fault, InterruptedException {
            String name = method.length() > 4 ? method.substring(4) : "";
            boolean known = !name.isEmpty() && variables.names().contains(name);
            if (known && method.startsWith("get_")) {
                arguments(method, params, 0);
                Optional<Value> v = variables.value(name);
                try {
                    return XmlRpcValues.xmlRpc(v.orElseThrow());
                } catch (IllegalArgumentException e) {
                    throw new XmlRpc.Fault(1, method + ": " + e.getMessage());
                }
            }
            if (known && method.startsWith("set_")) {
                arguments(method, params, 1);
                String expression;
                try {
                    expression = XmlRpcValues.expression(params.getFirst());
                } catch (IllegalArgumentException e) {
                    throw new XmlRpc.Fault(1, method + ": " + e.getMessage());
                }
                try {
                    variables.set(name, expression).get(APPLY_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    throw new XmlRpc.Fault(1, method + "(" + expression + ") refused: " + e.getCause().getMessage());
                } catch (TimeoutException e) {
                    throw new XmlRpc.Fault(1, method + "(" + expression + ") was not applied within " + APPLY_SECONDS
                            + " s");
                }
                return null; // GNU Radio's setters return None, sent as nil (allow_none)
            }
            // Python's SimpleXMLRPCServer words it so
            throw new XmlRpc.Fault(1, "<class 'Exception'>:method \"" + method + "\" is not supported");
        }

        private static void arguments(String method, List<Object> params, int count) throws XmlRpc.Fault {
            if (params.size() != count) {
                throw new XmlRpc.Fault(1, "<class 'TypeError'>:" + method + "() takes " + count + " argument"
                        + (count == 1 ? "" : "s") + " (" + params.size() + " given)");
            }
        }

        private static void reply(HttpExchange ex, int status, String text, String type) throws IOException {
            byte[] b = XmlRpc.utf8(text);
            ex.getResponseHeaders().set("Content-Type", type);
            ex.sendResponseHeaders(status, b.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        }
    }
}

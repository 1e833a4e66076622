package org.sigflow.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.sigflow.remote.RemoteServer;
import org.sigflow.session.Engine;

/**
 * {@code sigflow serve}: the remote engine. Listens on loopback unless told otherwise; beyond loopback a token is
 * required (the one given, or a generated one, printed). Runs until Ctrl-C, which stops every run it serves.
 */
final class ServeCommand {
    static final String DEFAULT_LISTEN = "127.0.0.1:7878";
    private final PrintStream out;
    private final PrintStream err;

    ServeCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        Args a = Args.parse(argv, Set.of("--listen", "--token", "--work"), Set.of("--trust"));
        if (!a.positionals.isEmpty()) {
            throw new UsageException("'serve' takes no file (graphs are sent by the designer; see 'sigflow help')");
        }
        InetSocketAddress listen = listenAddress(a.options.getOrDefault("--listen", DEFAULT_LISTEN));
        String token = a.options.get("--token");
        boolean generated = false;
        if (token != null && token.isBlank()) {
            throw new UsageException("--token must not be empty");
        }
        if (token == null && !listen.getAddress().isLoopbackAddress()) {
            token = org.sigflow.remote.RemoteServer.newToken(); // beyond loopback, never without one
            generated = true;
        }
        Path work = Path.of(a.options.getOrDefault("--work", Path.of(System.getProperty("user.home"), ".sigflow",
                "serve-work").toString())).toAbsolutePath().normalize();
        try {
            Files.createDirectories(work);
        } catch (IOException e) {
            throw new UsageException("--work: cannot create the work folder " + work + ": " + e.getMessage());
        }
        RemoteServer server;
        try {
            server = RemoteServer.start(Engine.loadDefault(),
                    new RemoteServer.Options(listen, token, work, a.flags.contains("--trust")));
        } catch (BindException e) {
            err.println("sigflow: cannot listen on " + hostPort(listen) + ": the address is in use (another program, "
                    + "or another sigflow serve, listens there; choose another with --listen)");
            return ExitCodes.RUNTIME_FAILURE;
        }
        out.println("sigflow serve: listening on http://" + hostPort(server.address()) + " (work folder " + work
                + (a.flags.contains("--trust") ? ", trusting every graph" : "") + ")");
        if (generated) {
            out.println("token: " + token + "   (clients send it as 'Authorization: Bearer TOKEN')");
        }
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "sigflow-serve-stop"));
        stopped.await();
        return ExitCodes.OK;
    }

    private static String hostPort(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    static InetSocketAddress listenAddress(String text) throws UsageException {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new UsageException("--listen needs ADDRESS:PORT (e.g. 127.0.0.1:7878 or 0.0.0.0:7878), got '"
                    + text + "'");
        }
        String host = text.substring(0, colon).replaceAll("^\\[|\\]$", "");
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new UsageException("--listen: '" + text.substring(colon + 1) + "' is not a port (0 to 65535)");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new UsageException("--listen: unknown host '" + host + "'");
        }
    }
}

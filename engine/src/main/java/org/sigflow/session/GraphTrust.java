package org.sigflow.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Value;
import org.sigflow.validate.ResolvedBlock;

/**
 * What running a graph could do to the user's machine beyond its own folder (workspace trust, as editors have it):
 * reading or writing files outside the graph's folder, overwriting a file that exists, and using a network address
 * that is not the loopback. A graph from elsewhere that does any of these is run only once the user trusts it
 * ({@link TrustStore}); opening and validating never need trust, since they execute nothing.
 */
public final class GraphTrust {
    /** One thing the graph would do, in the user's words, with the block that does it. */
    public record Concern(String blockId, String description) {
        @Override
        public String toString() {
            return "block '" + blockId + "' " + description;
        }
    }

    private static final Pattern ADDRESS = Pattern.compile("(?i)\\b(tcp|udp|ws|wss|http|https)://(\\[[^\\]]*\\]|[^:/\\s]+)");

    private GraphTrust() {}

    /** Every concern about {@code opened}, in graph order; empty when it stays in its folder and on the loopback. */
    public static List<Concern> concerns(OpenedGraph opened) {
        List<Concern> out = new ArrayList<>();
        Path folder = realFolder(opened.baseDir());
        for (ResolvedBlock b : opened.resolved().blocks()) {
            listenerConcern(b).ifPresent(out::add);
            for (ParamDef p : b.def().params()) {
                Value v = b.params().get(p.id());
                if (!(v instanceof Value.Str s)) {
                    continue;
                }
                if (p.type() == ParamType.FILE && !s.value().isEmpty()) {
                    fileConcern(b, p, s.value(), opened.baseDir(), folder).ifPresent(out::add);
                } else if (p.type() == ParamType.STRING) {
                    Matcher m = ADDRESS.matcher(s.value());
                    while (m.find()) {
                        if (!isLoopback(m.group(2))) {
                            out.add(new Concern(b.id(), "uses the network address '" + m.group() + "' (param '"
                                    + p.id() + "'), beyond this machine's loopback"));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * A block with an {@code addr} and a {@code port} (the XML-RPC server and client) beyond the loopback: a server
     * only when told to listen there ({@code listen_beyond_loopback}), a client whenever it calls such a host.
     */
    private static java.util.Optional<Concern> listenerConcern(ResolvedBlock b) {
        if (!(b.params().get("addr") instanceof Value.Str addr) || !b.params().containsKey("port")
                || isLoopback(addr.value().strip())) {
            return java.util.Optional.empty();
        }
        String where = (addr.value().isBlank() ? "*" : addr.value().strip()) + ":" + b.params().get("port").display();
        if (!b.params().containsKey("listen_beyond_loopback")) {
            return java.util.Optional.of(new Concern(b.id(), "calls '" + where + "', beyond this machine's loopback"));
        }
        return b.params().get("listen_beyond_loopback") instanceof Value.Bool on && on.value()
                ? java.util.Optional.of(new Concern(b.id(), "listens on '" + where + "' beyond this machine's "
                        + "loopback: whoever reaches it can change the graph's variables"))
                : java.util.Optional.empty();
    }

    /** True when a block writes to {@code -}, standard output: the samples then own it (summaries go elsewhere). */
    public static boolean writesStandardOutput(OpenedGraph opened) {
        for (ResolvedBlock b : opened.resolved().blocks()) {
            for (ParamDef p : b.def().params()) {
                if (!b.inputs().isEmpty() && p.type() == ParamType.FILE
                        && b.params().get(p.id()) instanceof Value.Str s && s.value().equals("-")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A block with inputs and no outputs writes its file (a sink); any other reads it (a source, or a block that
     * reads a configuration file such as a FEC coder's LDPC matrix).
     */
    private static java.util.Optional<Concern> fileConcern(ResolvedBlock b, ParamDef p, String value, Path base,
                                                           Path folder) {
        boolean writes = !b.inputs().isEmpty() && b.outputs().isEmpty();
        if (value.equals("-")) {
            return java.util.Optional.empty(); // stdin/stdout: what the user piped in or out
        }
        Path path = Path.of(value);
        Path abs = (path.isAbsolute() ? path : base.resolve(path)).toAbsolutePath().normalize();
        Path real = realPath(abs);
        if (folder == null || !real.startsWith(folder)) {
            return java.util.Optional.of(new Concern(b.id(), (writes ? "writes '" : "reads '") + abs
                    + "' (param '" + p.id() + "'), outside the graph's folder"));
        }
        if (writes && Files.exists(abs)) {
            return java.util.Optional.of(new Concern(b.id(), "overwrites the existing file '" + abs + "' (param '"
                    + p.id() + "')"));
        }
        return java.util.Optional.empty();
    }

    private static boolean isLoopback(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        return h.equalsIgnoreCase("localhost") || h.startsWith("127.") || h.equals("::1");
    }

    private static Path realFolder(Path dir) {
        try {
            return dir == null ? null : dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** The path with symbolic links resolved as far as it exists (a link inside the folder may point out of it). */
    private static Path realPath(Path abs) {
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs));
        } catch (IOException e) {
            return abs;
        }
    }
}

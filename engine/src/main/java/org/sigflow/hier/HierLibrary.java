package org.sigflow.hier;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.GraphReader;
import org.sigflow.graph.Graph;

/**
 * Where hier block files are found: the folder of the graph that uses one first, then the library folders (those
 * given with {@code --hier-path}, those in {@code SIGFLOW_HIER_PATH}, then the user's library folder,
 * {@code $XDG_DATA_HOME/sigflow/hier} or {@code ~/.local/share/sigflow/hier}). A block of type {@code T} is the
 * file {@code T.graph}. Files read are kept until they change.
 */
public final class HierLibrary {
    /** Folders to search (besides a graph's own folder), separated like {@code PATH}. */
    public static final String PATH_VARIABLE = "SIGFLOW_HIER_PATH";
    /** System property naming the user's library folder instead of the XDG one (tests, portable installs). */
    public static final String HOME_PROPERTY = "sigflow.hier.home";

    private final List<Path> folders;
    private final Path userFolder;
    private final Map<Path, Cached> cache = new HashMap<>();
    /** Hier blocks held in memory (imported with a GRC flowgraph), found before any file. */
    private final Map<String, HierBlock> held;

    private record Cached(long modified, long size, HierBlock block) {}

    private HierLibrary(List<Path> folders, Path userFolder, Map<String, HierBlock> held) {
        this.folders = List.copyOf(new LinkedHashSet<>(folders));
        this.userFolder = userFolder;
        this.held = Map.copyOf(held);
    }

    private HierLibrary(List<Path> folders, Path userFolder) {
        this(folders, userFolder, Map.of());
    }

    /** This library with {@code blocks} found first by their ids (e.g. hier blocks imported from GRC files). */
    public HierLibrary withBlocks(List<HierBlock> blocks) {
        Map<String, HierBlock> m = new LinkedHashMap<>(held);
        blocks.forEach(b -> m.put(b.id(), b));
        return new HierLibrary(folders, userFolder, m);
    }

    /**
     * The hier block of type {@code type} for a graph in {@code graphDir}: one held in memory, else the file
     * {@link #locate} finds, read.
     *
     * @throws HierException the file is there but cannot be used
     */
    public Optional<HierBlock> find(String type, Path graphDir) throws HierException {
        HierBlock h = held.get(type);
        if (h != null) {
            return Optional.of(h);
        }
        Optional<Path> f = locate(type, graphDir);
        return f.isEmpty() ? Optional.empty() : Optional.of(load(f.get()));
    }

    /** The user's library: {@code SIGFLOW_HIER_PATH}'s folders, then the user folder. */
    public static HierLibrary user() {
        List<Path> folders = new ArrayList<>();
        String env = System.getenv(PATH_VARIABLE);
        if (env != null) {
            for (String s : env.split(File.pathSeparator)) {
                if (!s.isBlank()) {
                    folders.add(Path.of(s.trim()));
                }
            }
        }
        Path home = userFolderDefault();
        folders.add(home);
        return new HierLibrary(folders, home);
    }

    /** A library of exactly these folders; new hier blocks are saved into the first. */
    public static HierLibrary of(List<Path> folders) {
        return new HierLibrary(folders, folders.isEmpty() ? userFolderDefault() : folders.getFirst());
    }

    /** This library with {@code first} searched before its folders (e.g. from {@code --hier-path}). */
    public HierLibrary withFirst(List<Path> first) {
        List<Path> all = new ArrayList<>(first);
        all.addAll(folders);
        return new HierLibrary(all, userFolder, held);
    }

    private static Path userFolderDefault() {
        String prop = System.getProperty(HOME_PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        String xdg = System.getenv("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local",
                "share");
        return data.resolve("sigflow").resolve("hier");
    }

    /** The folder "Make Hier Block" saves into. */
    public Path userFolder() {
        return userFolder;
    }

    /** The library folders (without any graph's own folder). */
    public List<Path> folders() {
        return folders;
    }

    /** The folders searched for a graph in {@code graphDir} (null: none of its own), in order. */
    public List<Path> searchPath(Path graphDir) {
        List<Path> all = new ArrayList<>();
        if (graphDir != null) {
            all.add(graphDir);
        }
        all.addAll(folders);
        return List.copyOf(new LinkedHashSet<>(all));
    }

    /** The file of hier block type {@code type} for a graph in {@code graphDir}, if there is one. */
    public Optional<Path> locate(String type, Path graphDir) {
        if (!type.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            return Optional.empty();
        }
        for (Path dir : searchPath(graphDir)) {
            Path f = dir.resolve(type + ".graph");
            if (Files.isRegularFile(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** Reads a hier block file (kept until the file changes). */
    public synchronized HierBlock load(Path file) throws HierException {
        Path key = file.toAbsolutePath().normalize();
        String id = HierDefs.idOf(key);
        if (id == null) {
            throw new HierException(file + ": a hier block file is named <id>.graph, with an id of letters, digits "
                    + "and '_'");
        }
        long modified;
        long size;
        try {
            modified = Files.getLastModifiedTime(key).toMillis();
            size = Files.size(key);
        } catch (IOException e) {
            throw new HierException(file + ": the hier block file cannot be read (" + e.getMessage() + ")");
        }
        Cached c = cache.get(key);
        if (c != null && c.modified == modified && c.size == size) {
            return c.block;
        }
        Graph g;
        try {
            g = new GraphReader().read(key).graph();
        } catch (GraphFormatException e) {
            throw new HierException(e.problems().stream().map(p -> file + ": " + p).toList());
        }
        if (!HierDefs.isHier(g)) {
            throw new HierException(file + ": not a hier block (it has no pads and no parameters; add Hier Input "
                    + "Pad, Hier Output Pad or Hier Parameter blocks)");
        }
        HierBlock b = new HierBlock(key, g, HierDefs.describe(id, key, g));
        cache.put(key, new Cached(modified, size, b));
        return b;
    }

    /**
     * Every hier block of the library folders and of {@code graphDir} (null: none), the first of each id winning;
     * files that are not hier blocks are skipped, files that are broken or clash with a catalog block are named in
     * {@code problems}.
     */
    public List<HierBlock> list(Path graphDir, Catalog catalog, List<String> problems) {
        Map<String, HierBlock> byId = new LinkedHashMap<>();
        for (Path dir : searchPath(graphDir)) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.getFileName().toString().endsWith(".graph") && Files.isRegularFile(p))
                        .sorted().toList();
            } catch (IOException e) {
                problems.add(dir + ": the hier block folder cannot be read (" + e.getMessage() + ")");
                continue;
            }
            for (Path f : files) {
                String id = HierDefs.idOf(f);
                if (id == null || byId.containsKey(id)) {
                    continue;
                }
                if (catalog.find(id).isPresent()) {
                    problems.add(f + ": a hier block cannot have the id of the catalog block '" + id + "'; rename "
                            + "the file");
                    continue;
                }
                try {
                    byId.put(id, load(f));
                } catch (HierException e) {
                    if (!e.getMessage().contains("not a hier block")) {
                        problems.addAll(e.problems());
                    }
                }
            }
        }
        return List.copyOf(byId.values());
    }

    /** {@code base} with the hier blocks {@link #list} finds added (category Hier). */
    public Catalog catalogWith(Catalog base, Path graphDir, List<String> problems) {
        List<BlockDef> all = new ArrayList<>(base.all());
        list(graphDir, base, problems).forEach(h -> all.add(h.def()));
        return Catalog.of(all);
    }

    /** Used by messages: the folders searched, as text. */
    String describeSearch(Path graphDir) {
        return String.join(", ", searchPath(graphDir).stream().map(Path::toString).toList());
    }
}

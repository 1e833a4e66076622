package org.sigflow.grc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.sigflow.hier.HierBlock;
import org.sigflow.hier.HierDefs;
import org.sigflow.hier.HierException;
import org.sigflow.hier.HierLibrary;

/**
 * Finds the hier blocks a GRC flowgraph uses by their GRC block id {@code X}, in the flowgraph's folder, the
 * SigFlow hier library folders and GRC's own {@code ~/.grc_gnuradio}, and imports them: a SigFlow hier block file
 * {@code X.graph} is used as it is; a hier {@code .grc} ({@code generate_options: hb}, {@code id: X}; named
 * {@code X.grc}, or named by the {@code grc_source} of GRC's generated {@code X.block.yml}, or any {@code .grc} of
 * the flowgraph's folder) is imported as one, recursively (a cycle is refused). One instance per import of a top
 * flowgraph, so each hier file is imported once.
 */
final class GrcHierBlocks {
    private static final Pattern OPTIONS_ID = Pattern.compile("(?m)^options:\\s*\\n(?:[ \\t].*\\n)*?\\s+id:\\s*'?([A-Za-z0-9_]+)'?\\s*$");
    private static final Pattern GRC_SOURCE = Pattern.compile("(?m)^grc_source:\\s*'?([^'\\n]+?)'?\\s*$");

    private final GrcImporter importer;
    private final HierLibrary library;
    private final Deque<Path> stack;
    /** Every hier block imported so far (nested ones too), by id. */
    private final Map<String, HierBlock> imported;

    GrcHierBlocks(GrcImporter importer, HierLibrary library) {
        this(importer, library, new ArrayDeque<>(), new LinkedHashMap<>());
    }

    private GrcHierBlocks(GrcImporter importer, HierLibrary library, Deque<Path> stack, Map<String, HierBlock> done) {
        this.importer = importer;
        this.library = library;
        this.stack = stack;
        this.imported = done;
    }

    List<HierBlock> imported() {
        return List.copyOf(imported.values());
    }

    /**
     * The hier block of GRC id {@code grcId} for a flowgraph in {@code dir} (null: none), imported if it is a GRC
     * one; empty if there is none. What went wrong inside it is reported under {@code subject}.
     */
    Optional<HierBlock> find(String grcId, Path dir, String subject, ImportReport.Builder report) {
        HierBlock done = imported.get(grcId);
        if (done != null) {
            return Optional.of(done);
        }
        List<Path> dirs = new ArrayList<>(library.searchPath(dir));
        dirs.add(Path.of(System.getProperty("user.home"), ".grc_gnuradio"));
        for (Path d : dirs) {
            Path graph = d.resolve(grcId + ".graph");
            if (Files.isRegularFile(graph)) {
                try {
                    return Optional.of(library.load(graph));
                } catch (HierException e) {
                    e.problems().forEach(p -> report.attention(subject, p));
                    return Optional.empty();
                }
            }
        }
        Path grc = locateGrc(grcId, dirs, dir);
        if (grc == null) {
            return Optional.empty();
        }
        Path key = grc.toAbsolutePath().normalize();
        if (stack.contains(key)) {
            List<String> chain = new ArrayList<>(stack.reversed().stream().map(p -> p.getFileName().toString())
                    .toList());
            chain.add(key.getFileName().toString());
            report.attention(subject, "hier blocks use each other in a cycle: " + String.join(" → ", chain)
                    + "; not imported");
            return Optional.empty();
        }
        Optional<HierBlock> h = importGrc(grcId, key, Map.of(), subject, report);
        h.ifPresent(b -> report.note(subject, "the GRC hier block " + grcId + " was imported from " + key + " as a "
                + "SigFlow hier block"));
        return h;
    }

    /** Imports the hier .grc {@code key} as the hier block {@code id}, some parameter defaults replaced. */
    private Optional<HierBlock> importGrc(String id, Path key, Map<String, String> parameterValues, String subject,
                                          ImportReport.Builder report) {
        stack.push(key);
        try {
            ImportResult r = importer.importHier(key, new GrcHierBlocks(importer, library, stack, imported),
                    parameterValues);
            r.report().attention().forEach(i -> report.attention(subject, "inside hier block " + id + " ("
                    + key.getFileName() + "): " + i.subject() + ": " + i.message()));
            HierBlock h = new HierBlock(key, r.graph(), HierDefs.describe(id, key, r.graph()));
            imported.put(id, h);
            return Optional.of(h);
        } catch (GrcFormatException e) {
            report.attention(subject, "hier block " + id + ": " + e.detail());
        } catch (HierException e) {
            e.problems().forEach(p -> report.attention(subject, p));
        } finally {
            stack.pop();
        }
        return Optional.empty();
    }

    /**
     * As {@link #find}, for a block passing {@code objects} (param → object text, {@link GrcHierVariants}): where one
     * differs from the default of the hier .grc's object parameter of that name, a variant {@code X__instance} of
     * the hier block, imported with those defaults replaced, so the blocks inside take the parent's objects. The
     * params that are the hier .grc's object parameters are added to {@code builtIn}.
     */
    Optional<HierBlock> find(String grcId, Path dir, String subject, ImportReport.Builder report,
                             Map<String, String> objects, String instance, java.util.Set<String> builtIn) {
        Optional<HierBlock> base = find(grcId, dir, subject, report);
        if (base.isEmpty() || objects.isEmpty() || !base.get().file().toString().endsWith(".grc")) {
            return base;
        }
        Path key = base.get().file();
        Map<String, String> defaults = objectParameters(key);
        Map<String, String> overrides = new LinkedHashMap<>();
        objects.forEach((param, object) -> {
            String d = defaults.get(param);
            if (d != null) {
                builtIn.add(param);
                if (!GrcHierVariants.same(d, object)) {
                    overrides.put(param, object);
                }
            }
        });
        if (overrides.isEmpty()) {
            return base;
        }
        String id = grcId + "__" + GrcBlockTranslator.identifier(instance);
        HierBlock done = imported.get(id);
        if (done != null) {
            return Optional.of(done);
        }
        Optional<HierBlock> h = importGrc(id, key, overrides, subject, report);
        h.ifPresent(b -> overrides.forEach((param, object) -> report.note(subject, param + ": the object " + object
                + " is built into the variant " + id + " of hier block " + grcId + " (SigFlow's values hold no "
                + "objects)")));
        return h;
    }

    /** The hier .grc's parameters whose default is an object, with that default (empty if it cannot be read). */
    private static Map<String, String> objectParameters(Path grc) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            GrcFlowgraph fg = GrcFlowgraph.read(GrcYaml.parse(Files.readString(grc), grc.toString()), grc.toString());
            fg.blocks().stream().filter(b -> b.id().equals("parameter") && !"disabled".equals(b.state()))
                    .filter(b -> GrcHierVariants.isObject(b.params().get("value")))
                    .forEach(b -> out.put(b.name(), b.params().get("value").strip()));
        } catch (IOException | GrcFormatException | RuntimeException e) {
            return Map.of();
        }
        return out;
    }

    /** {@code X.grc}, the {@code grc_source} of {@code X.block.yml}, or a hier .grc of {@code home} with id X. */
    private static Path locateGrc(String grcId, List<Path> dirs, Path home) {
        for (Path d : dirs) {
            Path grc = d.resolve(grcId + ".grc");
            if (Files.isRegularFile(grc) && grcId.equals(hierId(grc))) {
                return grc;
            }
            Path yml = d.resolve(grcId + ".block.yml");
            if (Files.isRegularFile(yml)) {
                Path source = grcSource(yml);
                if (source != null && grcId.equals(hierId(source))) {
                    return source;
                }
            }
        }
        if (home != null && Files.isDirectory(home)) {
            try (Stream<Path> s = Files.list(home)) {
                for (Path p : s.filter(f -> f.toString().endsWith(".grc")).sorted().toList()) {
                    if (grcId.equals(hierId(p))) {
                        return p;
                    }
                }
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }

    /** The options id of a hier .grc ({@code generate_options: hb…}), or null (not one, unreadable). */
    private static String hierId(Path grc) {
        try {
            if (Files.size(grc) > GrcYaml.MAX_CHARS) {
                return null;
            }
            String text = Files.readString(grc);
            if (!text.contains("generate_options: hb")) {
                return null;
            }
            Matcher m = OPTIONS_ID.matcher(text);
            return m.find() ? m.group(1) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Path grcSource(Path yml) {
        try {
            Matcher m = GRC_SOURCE.matcher(Files.readString(yml));
            if (!m.find()) {
                return null;
            }
            Path p = Path.of(m.group(1).strip());
            p = p.isAbsolute() ? p : yml.resolveSibling(p);
            return Files.isRegularFile(p) ? p : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

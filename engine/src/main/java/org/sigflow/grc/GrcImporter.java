package org.sigflow.grc;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;

/**
 * Imports a GNU Radio Companion flowgraph ({@code .grc}, GRC 3.8+ YAML) as a SigFlow graph. Nothing in the file is
 * executed: the YAML is read with a safe loader, Python expressions are translated textually
 * ({@link PythonExpressions}), blocks are mapped by the data files beside the catalog ({@link GrcMappings}). What
 * cannot be imported is left out (blocks, connections) or kept as written (params, variables) and listed in the
 * {@link ImportReport}. See {@code docs/grc-import.md}.
 *
 * <pre>{@code
 * ImportResult r = GrcImporter.loadDefault().importFile(Path.of("fm_rx.grc"));
 * r.graph();                 // the SigFlow graph
 * r.report().complete();     // false if anything needs the user's attention
 * }</pre>
 */
public final class GrcImporter {
    private final Catalog catalog;
    private final GrcMappings mappings;
    private volatile org.sigflow.hier.HierLibrary hierLibrary = org.sigflow.hier.HierLibrary.user();

    public GrcImporter(Catalog catalog, GrcMappings mappings) {
        this.catalog = catalog;
        this.mappings = mappings;
    }

    public GrcImporter(Catalog catalog) {
        this(catalog, GrcMappings.load(catalog));
    }

    /** Where hier blocks that a flowgraph uses are looked for, besides its folder and {@code ~/.grc_gnuradio}. */
    public void setHierLibrary(org.sigflow.hier.HierLibrary library) {
        this.hierLibrary = java.util.Objects.requireNonNull(library, "library");
    }

    /** With the catalog and mappings shipped on the class path. */
    public static GrcImporter loadDefault() throws Exception {
        return new GrcImporter(CatalogLoader.loadDefault());
    }

    /** Whether a file is to be imported rather than read as a {@code .graph}: its name ends in {@code .grc}. */
    public static boolean isGrcFile(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".grc");
    }

    /**
     * Reads and imports one {@code .grc} file.
     *
     * @throws GrcFormatException if the file cannot be read as a GRC flowgraph at all (missing, legacy XML, not
     *                            YAML, not UTF-8, unknown {@code file_format}); the message says where and what
     */
    public ImportResult importFile(Path file) throws GrcFormatException {
        return importHier(file, new GrcHierBlocks(this, hierLibrary));
    }

    /** Imports one file, finding the hier blocks it uses through {@code hier} (shared with the file using it). */
    ImportResult importHier(Path file, GrcHierBlocks hier) throws GrcFormatException {
        return importHier(file, hier, Map.of());
    }

    /** As {@link #importHier(Path, GrcHierBlocks)}, with the defaults of some {@code parameter} blocks replaced. */
    ImportResult importHier(Path file, GrcHierBlocks hier, Map<String, String> parameterValues)
            throws GrcFormatException {
        return importText(readText(file), file.getFileName().toString(), file.toAbsolutePath().getParent(), hier,
                parameterValues);
    }

    private static String readText(Path file) throws GrcFormatException {
        String source = file.toString();
        if (!Files.isRegularFile(file)) {
            throw new GrcFormatException(source, Files.exists(file) ? "is not a file" : "file not found");
        }
        byte[] bytes;
        try {
            if (Files.size(file) > GrcYaml.MAX_CHARS) {
                throw new GrcFormatException(source, "the file is larger than " + GrcYaml.MAX_CHARS / (1024 * 1024)
                        + " MiB; GRC flowgraphs are far smaller, so this is not one");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new GrcFormatException(source, "cannot be read: " + e.getMessage());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new GrcFormatException(source, "is not UTF-8 text, so not a GRC flowgraph");
        }
        return text;
    }

    /** Imports {@code .grc} text; {@code source} names it in messages. */
    public ImportResult importText(String text, String source) throws GrcFormatException {
        return importText(text, source, null, new GrcHierBlocks(this, hierLibrary), Map.of());
    }

    /** @param dir the flowgraph's folder, where the hier blocks it uses are looked for first (null: none) */
    private ImportResult importText(String text, String source, Path dir, GrcHierBlocks hier,
                                    Map<String, String> parameterValues) throws GrcFormatException {
        ImportReport.Builder report = new ImportReport.Builder();
        GrcFlowgraph fg = GrcDictLookups.apply(GrcObjectMethods.apply(withParameters(
                GrcFlowgraph.read(GrcYaml.parse(text, source), source), parameterValues)), report);
        fg = GrcConstellationMethods.apply(GrcObjectVariables.apply(GrcPskMod.apply(GrcOfdmTxRx.apply(fg)), report),
                report);
        fg = GrcTrellisObjects.apply(GrcModulateVectors.apply(GrcAccessCodeBits.apply(fg), report), report);
        fg = GrcFileTaps.apply(fg, dir, report);
        fg.problems().forEach(p -> report.attention("file", p));

        GrcVariables vars = GrcVariables.read(fg.blocks(), report);
        StringBuilder description = new StringBuilder(fg.options().getOrDefault("description", ""));
        List<BlockInstance> blocks = new ArrayList<>();
        Map<String, ImportedBlock> imported = new LinkedHashMap<>();
        Map<String, String> grcTypes = new LinkedHashMap<>();
        fg.blocks().forEach(b -> grcTypes.put(b.name(), b.id()));
        GrcBlockTranslator translator = new GrcBlockTranslator(vars, grcTypes, report);
        if (GrcHierInterface.isHierFlowgraph(fg)) {
            GrcHierInterface.add(fg, vars, catalog, blocks, imported, report);
        }
        List<org.sigflow.graph.ViewLayout> views = new ArrayList<>();     // multi-input sinks' views
        List<Connection> fedSinks = new ArrayList<>();   // PDU converters → the Qt sinks fed by messages
        java.util.Set<String> taken = new java.util.HashSet<>(grcTypes.keySet());
        for (GrcBlock b : fg.blocks()) {
            switch (b.id()) {
                case "options", "virtual_sink", "virtual_source" -> { }   // metadata / resolved with connections
                case "pad_source", "pad_sink" -> {
                    if (!GrcHierInterface.isHierFlowgraph(fg)) {
                        report.note("block " + b.describe(), "a pad outside a hier block (generate_options is not "
                                + "hb); skipped");
                    }
                }
                case "import" -> report.note("block " + b.describe(), "skipped: SigFlow expressions need no "
                        + "Python imports (" + b.params().getOrDefault("imports", "").strip() + ")");
                case "qtgui_tab_widget" -> report.note("block " + b.describe(), "skipped: a Qt GUI tab layout; "
                        + "SigFlow places its live views itself");
                case "qtgui_grbackground" -> report.note("block " + b.describe(), "skipped: a picture behind GNU "
                        + "Radio's Qt window (no ports); SigFlow's live views have their own background");
                case "blocks_ctrlport_monitor", "blocks_ctrlport_monitor_performance" -> report.note("block "
                        + b.describe(), "skipped: it starts GNU Radio's ControlPort monitor window; SigFlow's timing "
                        + "view shows each block's rate and load");
                case "variable_save_restore" -> report.attention("block " + b.describe(), "not imported: it saves "
                        + "and restores the running flowgraph's variables in a file under ~/.config/gnuradio, which "
                        + "SigFlow does not do (the variables keep their imported values; control views change them)");
                case "snippet" -> report.attention("block " + b.describe(), "not imported: a Python snippet ("
                        + b.params().getOrDefault("section", "?") + "), which SigFlow never runs (GNU Radio runs it "
                        + "while starting or stopping the flowgraph): " + b.params().getOrDefault("code", "").strip());
                case "note" -> {
                    String note = b.params().getOrDefault("note", "").strip();
                    if (!note.isEmpty()) {
                        description.append(description.isEmpty() ? "" : "\n\n").append("Note: ").append(note);
                    }
                    report.note("block " + b.describe(), "GRC note moved into the graph description");
                }
                default -> {
                    if (vars.isVariable(b) && !GrcVariables.BLOCK_KINDS.contains(b.id())) {
                        continue;
                    }
                    if (PythonPlaceholder.holdsPython(b.id())) {
                        blocks.add(PythonPlaceholder.of(b, report));
                        continue;
                    }
                    GrcMapping mapping = mappings.find(b.id()).orElse(null);
                    java.util.Set<String> builtIn = new java.util.HashSet<>();
                    org.sigflow.hier.HierBlock h = mapping != null ? null : hier.find(b.id(), dir, "block "
                            + b.describe(), report, GrcHierVariants.objects(b, vars, grcTypes, report), b.name(),
                            builtIn).orElse(null);
                    if (h != null) {
                        b = withoutParams(b, builtIn);           // the objects are in the hier block (or variant)
                        mapping = hierMapping(b.id(), h.def());
                        BlockInstance inst = translator.translate(b, mapping, h.def());
                        blocks.add(inst);
                        imported.put(b.name(), new ImportedBlock(inst.id(), mapping, h.def()));
                        continue;
                    }
                    if (mapping == null && "disabled".equals(b.state())) {
                        // GRC generates no code for a disabled block, so leaving it out loses nothing that runs
                        report.note("block " + b.describe(), "disabled in GRC, and " + noCounterpart(b.id())
                                + ": left out");
                        continue;
                    }
                    if (mapping == null) {
                        report.unmapped(b, noCounterpart(b.id()));
                        continue;
                    }
                    BlockDef def = catalog.find(mapping.block()).orElseThrow();
                    if (GrcMessageSinks.fedByMessages(b)) {
                        BlockInstance sink = translator.translate(GrcMessageSinks.asStreamSink(b), mapping, def);
                        blocks.add(sink);
                        imported.put(b.name(), GrcMessageSinks.feed(b, sink, catalog, blocks, fedSinks, taken,
                                report));
                        continue;
                    }
                    BlockInstance inst = translator.translate(b, mapping, def);
                    GrcListeners.check(b, report);
                    if (GrcVariables.BLOCK_KINDS.contains(b.id()) && def.param("value").isPresent()) {
                        inst = inst.withParam("value", b.name()); // the variable of the same name, which its control sets
                    }
                    blocks.add(inst);
                    List<String> channels = GrcChannels.split(b, mapping, inst, blocks, views, taken, report);
                    imported.put(b.name(), new ImportedBlock(inst.id(), mapping, def, channels));
                }
            }
        }
        vars.dropDesignedOnly(translator.designedFrom(), blocks, report);
        GrcFunctionProbes.resolve(fg.blocks(), blocks, imported, vars.values().keySet(), report);
        List<Connection> connections = new ArrayList<>(GrcConnections.resolve(fg, imported, report));
        connections.addAll(fedSinks);

        Map<String, String> options = fg.options();
        String title = options.getOrDefault("title", "").strip();
        Metadata metadata = new Metadata(title.isEmpty() ? options.getOrDefault("id", "") : title,
                description.toString(), options.getOrDefault("author", "").strip());
        List<org.sigflow.graph.ViewLayout> layout = new ArrayList<>(GrcControls.read(fg.blocks(), vars, grcTypes,
                report));
        layout.addAll(views);
        Graph graph = new Graph(metadata, vars.values(), blocks, connections, layout);
        ImportReport r = new ImportReport(source, fg.blocks().size() + (options.isEmpty() ? 0 : 1), blocks.size(),
                vars.values().size(), connections.size(), report.issues, report.unmapped);
        return new ImportResult(graph, r, hier.imported());
    }

    /** The flowgraph with the values of the named {@code parameter} blocks replaced (a hier block's variant). */
    private static GrcFlowgraph withParameters(GrcFlowgraph fg, Map<String, String> values) {
        if (values.isEmpty()) {
            return fg;
        }
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            if (b.id().equals("parameter") && values.containsKey(b.name())) {
                Map<String, String> p = new LinkedHashMap<>(b.params());
                p.put("value", values.get(b.name()));
                b = new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state());
            }
            blocks.add(b);
        }
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    private static GrcBlock withoutParams(GrcBlock b, java.util.Set<String> names) {
        if (names.isEmpty()) {
            return b;
        }
        Map<String, String> p = new LinkedHashMap<>(b.params());
        p.keySet().removeAll(names);
        return new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state());
    }

    /** A hier block takes its GRC params by the same ids, as expressions; its ports in order. */
    private static GrcMapping hierMapping(String grcId, BlockDef def) {
        Map<String, List<GrcMapping.Rule>> params = new LinkedHashMap<>();
        def.params().forEach(p -> params.put(p.id(), List.of(new GrcMapping.Rule(p.id(), Map.of(), Map.of(), null))));
        return new GrcMapping(grcId, def.id(), params, Map.of(), Map.of(), null, null);
    }

    private static String noCounterpart(String grcId) {
        if (grcId.startsWith("epy_")) {
            return "it holds Python code, which SigFlow never runs";
        }
        if (grcId.startsWith("variable_")) {
            return "this kind of GRC variable is computed by Python code SigFlow does not run";
        }
        return "SigFlow has no block for GRC's '" + grcId + "' yet";
    }

    /**
     * A GRC block that became a SigFlow block.
     *
     * @param channels the sinks that take GRC inputs 1, 2, … of a multi-input display sink ({@link GrcChannels})
     */
    record ImportedBlock(String id, GrcMapping mapping, BlockDef def, List<String> channels) {
        ImportedBlock(String id, GrcMapping mapping, BlockDef def) {
            this(id, mapping, def, List.of());
        }
    }

}

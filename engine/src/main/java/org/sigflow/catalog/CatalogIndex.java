package org.sigflow.catalog;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The parsed catalog in one binary resource ({@value #RESOURCE}), made at build time from the catalog's JSON files
 * (which stay the source of truth) so that a start reads one resource instead of ~180 JSON files through a zip file
 * system, Jackson and the expression parser (docs/performance.md, "Catalog index"). The index carries the listing it
 * was made from — every catalog file's path, size and CRC-32 — and is used only while the catalog jar on the class
 * path still has exactly those files (the jar's central directory holds both, so the check reads no file); otherwise,
 * or when it is missing or unreadable, the loader parses the JSON files as before.
 */
public final class CatalogIndex {
    /** Class path resource of the index (in the engine's jar). */
    public static final String RESOURCE = "sigflow/catalog-index.bin";
    private static final int MAGIC = 0x53464349; // "SFCI"
    private static final int VERSION = 1;

    private CatalogIndex() {}

    /** {@code java … CatalogIndex OUT}: writes the index of the catalog on the class path to OUT (the build's step). */
    public static void main(String[] args) throws Exception {
        ClassLoader loader = CatalogIndex.class.getClassLoader();
        List<URL> roots = java.util.Collections.list(loader.getResources(CatalogLoader.RESOURCE_FOLDER));
        if (roots.size() != 1) {
            throw new IllegalStateException("expected one catalog folder on the class path, found " + roots);
        }
        Catalog catalog = CatalogLoader.loadUrls(roots);
        Path out = Path.of(args[0]);
        Files.createDirectories(out.getParent());
        Files.write(out, write(catalog.all(), listing(roots.getFirst())));
    }

    /** The index of these blocks, made from the catalog files described by {@code listing}. */
    public static byte[] write(List<BlockDef> blocks, String listing) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            text(out, listing);
            out.writeInt(blocks.size());
            for (BlockDef b : blocks) {
                block(out, b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The blocks of an index made from {@code listing}, or null if it was made from other files (or is no index). */
    public static List<BlockDef> read(InputStream in, String listing) throws IOException {
        DataInputStream d = new DataInputStream(new java.io.BufferedInputStream(in, 1 << 16));
        if (d.readInt() != MAGIC || d.readInt() != VERSION || !listing.equals(text(d))) {
            return null;
        }
        int n = d.readInt();
        List<BlockDef> blocks = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            blocks.add(block(d));
        }
        return blocks;
    }

    /**
     * The blocks of the class path's index if it was made from exactly the catalog files under {@code root} (a
     * {@code jar:} URL of the catalog folder), else null: the caller parses the files.
     */
    static List<BlockDef> readIfCurrent(ClassLoader loader, URL root) {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            return in == null ? null : read(in, listing(root));
        } catch (IOException | RuntimeException e) {
            return null; // a damaged or unreadable index: the JSON files decide
        }
    }

    /**
     * Every catalog file under the folder {@code root} ({@code jar:} or {@code file:} URL) as one line each, in path
     * order: {@code relative/path.json size crc32}.
     */
    static String listing(URL root) throws IOException {
        TreeMap<String, String> files = new TreeMap<>();
        String spec = root.toString();
        try {
            if (root.getProtocol().equals("jar")) {
                int bang = spec.indexOf("!/");
                String folder = spec.substring(bang + 2) + "/";
                try (ZipFile zip = new ZipFile(Path.of(new URI(spec.substring(4, bang))).toFile())) {
                    for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                        ZipEntry e = entries.nextElement();
                        if (!e.isDirectory() && e.getName().startsWith(folder) && e.getName().endsWith(".json")) {
                            files.put(e.getName().substring(folder.length()), e.getSize() + " " + e.getCrc());
                        }
                    }
                }
            } else {
                Path dir = Path.of(root.toURI());
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path f : walk.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".json")).toList()) {
                        byte[] b = Files.readAllBytes(f);
                        CRC32 crc = new CRC32();
                        crc.update(b);
                        files.put(dir.relativize(f).toString().replace('\\', '/'), b.length + " " + crc.getValue());
                    }
                }
            }
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        StringBuilder s = new StringBuilder();
        files.forEach((name, sizeAndCrc) -> s.append(name).append(' ').append(sizeAndCrc).append('\n'));
        return s.toString();
    }

    // ---- the records, field by field ----

    private static void block(DataOutputStream o, BlockDef b) throws IOException {
        text(o, b.id());
        text(o, b.label());
        texts(o, b.category());
        text(o, b.domain().name());
        text(o, b.cpuTwin());
        text(o, b.doc());
        o.writeInt(b.params().size());
        for (ParamDef p : b.params()) {
            text(o, p.id());
            text(o, p.label());
            text(o, p.type().name());
            text(o, p.defaultValue());
            texts(o, p.options());
            texts(o, p.optionLabels());
            number(o, p.min());
            number(o, p.max());
            text(o, p.unit());
            o.writeBoolean(p.runtime());
            text(o, p.group());
            text(o, p.doc());
        }
        ports(o, b.inputs());
        ports(o, b.outputs());
        o.writeInt(b.asserts().size());
        for (AssertDef a : b.asserts()) {
            text(o, a.check());
            text(o, a.message());
        }
        messagePorts(o, b.messageInputs());
        messagePorts(o, b.messageOutputs());
        texts(o, b.tags());
    }

    private static BlockDef block(DataInputStream d) throws IOException {
        String id = text(d);
        String label = text(d);
        List<String> category = texts(d);
        Domain domain = Domain.valueOf(text(d));
        String cpuTwin = text(d);
        String doc = text(d);
        List<ParamDef> params = list(d, () -> new ParamDef(text(d), text(d), ParamType.valueOf(text(d)), text(d),
                texts(d), texts(d), number(d), number(d), text(d), bool(d), text(d), text(d)));
        List<PortDef> inputs = ports(d);
        List<PortDef> outputs = ports(d);
        List<AssertDef> asserts = list(d, () -> new AssertDef(text(d), text(d)));
        List<MessagePortDef> messageInputs = list(d, () -> new MessagePortDef(text(d), text(d)));
        List<MessagePortDef> messageOutputs = list(d, () -> new MessagePortDef(text(d), text(d)));
        return new BlockDef(id, label, category, domain, cpuTwin, doc, params, inputs, outputs, asserts,
                messageInputs, messageOutputs, texts(d));
    }

    private static void ports(DataOutputStream o, List<PortDef> ports) throws IOException {
        o.writeInt(ports.size());
        for (PortDef p : ports) {
            text(o, p.name());
            text(o, p.dtype());
            text(o, p.vlen());
            text(o, p.domain() == null ? null : p.domain().name());
            o.writeBoolean(p.optional());
            text(o, p.count());
        }
    }

    private static List<PortDef> ports(DataInputStream d) throws IOException {
        return list(d, () -> {
            String name = text(d);
            String dtype = text(d);
            String vlen = text(d);
            String domain = text(d);
            return new PortDef(name, dtype, vlen, domain == null ? null : Domain.valueOf(domain), bool(d), text(d));
        });
    }

    private static void messagePorts(DataOutputStream o, List<MessagePortDef> ports) throws IOException {
        o.writeInt(ports.size());
        for (MessagePortDef p : ports) {
            text(o, p.name());
            text(o, p.doc());
        }
    }

    /** Reads a record; the reads in its constructor call run left to right, as the fields were written. */
    private interface Reader<T> {
        T read() throws IOException;
    }

    private static <T> List<T> list(DataInputStream d, Reader<T> item) throws IOException {
        int n = d.readInt();
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(item.read());
        }
        return out;
    }

    private static void texts(DataOutputStream o, List<String> texts) throws IOException {
        o.writeInt(texts.size());
        for (String t : texts) {
            text(o, t);
        }
    }

    private static List<String> texts(DataInputStream d) throws IOException {
        return list(d, () -> text(d));
    }

    /** UTF-8 with its length; -1 for null (docs may pass writeUTF's 64 KB). */
    private static void text(DataOutputStream o, String s) throws IOException {
        if (s == null) {
            o.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        o.writeInt(b.length);
        o.write(b);
    }

    private static String text(DataInputStream d) throws IOException {
        int n = d.readInt();
        if (n < 0) {
            return null;
        }
        return new String(d.readNBytes(n), StandardCharsets.UTF_8);
    }

    private static void number(DataOutputStream o, Double v) throws IOException {
        o.writeBoolean(v != null);
        if (v != null) {
            o.writeDouble(v);
        }
    }

    private static Double number(DataInputStream d) throws IOException {
        return d.readBoolean() ? d.readDouble() : null;
    }

    private static boolean bool(DataInputStream d) throws IOException {
        return d.readBoolean();
    }
}

package org.sigflow.blocks.sinks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * {@code file_meta_sink} writes GNU Radio 3.10's metadata files byte for byte (recorded by
 * {@code tools/reference/gen_gnuradio_file_meta.py}): inline headers over several segments with rx_time, rx_rate
 * (times the relative rate) and other tags, and detached headers of complex vectors with an extra dict. Fed in
 * calls of 7 items, so segments and tags fall across calls. {@code file_meta_source} reads GNU Radio's files as GNU
 * Radio's source does: the same items and tags (rx_rate, rx_time and the extras at each segment, in its order).
 */
class FileMetaGnuRadioTest {
    private static final BlockRegistry REGISTRY = BlockRegistry.load();
    @TempDir
    Path dir;

    static Stream<JsonNode> cases() throws Exception {
        try (InputStream in = FileMetaGnuRadioTest.class.getResourceAsStream("/reference/gnuradio_file_meta.json")) {
            List<JsonNode> list = new ArrayList<>();
            new ObjectMapper().readTree(in).get("cases").forEach(list::add);
            return list.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sinkWritesGnuRadiosBytes(JsonNode c) throws Exception {
        Path file = dir.resolve("meta.dat");
        JsonNode p = c.get("params");
        Map<String, Value> params = new HashMap<>();
        params.put("file", Value.of(file.toString()));
        params.put("type", Value.of(p.get("type").asText()));
        params.put("vlen", Value.of(p.get("vlen").asLong()));
        params.put("samp_rate", Value.of(p.get("samp_rate").asDouble()));
        params.put("rel_rate", Value.of(p.get("rel_rate").asDouble()));
        params.put("max_seg_size", Value.of(p.get("max_seg_size").asLong()));
        params.put("extra_dict", Value.of(p.get("extra_dict").asText()));
        params.put("detached", Value.of(p.get("detached").asBoolean()));
        BlockFactory f = REGISTRY.find("file_meta_sink").orElseThrow();
        BlockHarness h = BlockHarness.of(f.create(new BlockSetup("t", f.id(), params, List.of(), List.of(), null)))
                .chunk(7);
        float[] values = new float[c.get("values").size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) c.get("values").get(i).asDouble();
        }
        h.input(Dtype.fromId(p.get("type").asText()), p.get("vlen").asInt(), values);
        for (JsonNode t : c.get("tags")) {
            h.tag(0, new Tag(t.get(0).asLong(), t.get(1).asText(), TagValues.fromPmt(tagValue(t))));
        }
        h.run();
        assertArrayEquals(Base64.getDecoder().decode(c.get("files").get("data").asText()), Files.readAllBytes(file),
                c.get("name").asText() + ": data file");
        if (c.get("files").has("hdr")) {
            assertArrayEquals(Base64.getDecoder().decode(c.get("files").get("hdr").asText()),
                    Files.readAllBytes(Path.of(file + ".hdr")), c.get("name").asText() + ": header file");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sourceReadsGnuRadiosFilesAsGnuRadioDoes(JsonNode c) throws Exception {
        Path file = dir.resolve("gr.dat");
        Files.write(file, Base64.getDecoder().decode(c.get("files").get("data").asText()));
        boolean detached = c.get("files").has("hdr");
        if (detached) {
            Files.write(Path.of(file + ".hdr"), Base64.getDecoder().decode(c.get("files").get("hdr").asText()));
        }
        JsonNode p = c.get("params");
        Map<String, Value> params = new HashMap<>();
        params.put("file", Value.of(file.toString()));
        params.put("type", Value.of(p.get("type").asText()));
        params.put("vlen", Value.of(p.get("vlen").asLong()));
        params.put("repeat", Value.of(false));
        params.put("detached", Value.of(detached));
        params.put("hdr_file", Value.of(""));
        BlockFactory f = REGISTRY.find("file_meta_source").orElseThrow();
        Dtype type = Dtype.fromId(p.get("type").asText());
        BlockHarness h = BlockHarness.of(f.create(new BlockSetup("t", f.id(), params, List.of(), List.of(), null)))
                .chunk(7).output(type, p.get("vlen").asInt()).run();
        JsonNode want = c.get("source");
        float[] got = h.floats(0);
        org.junit.jupiter.api.Assertions.assertEquals(want.get("values").size(), got.length, "items");
        for (int i = 0; i < got.length; i++) {
            org.junit.jupiter.api.Assertions.assertEquals((float) want.get("values").get(i).asDouble(), got[i], "at " + i);
        }
        List<String> wantTags = new ArrayList<>();
        want.get("tags").forEach(t -> wantTags.add(t.get(0).asLong() + " " + t.get(1).asText() + " "
                + numbers(t.get(2).asText().replaceAll("[{}]", "").split(" "))));
        List<String> gotTags = h.tags(0).stream().map(t -> t.offset() + " " + t.key() + " " + numbers(
                TagValues.toPmt(t.value()))).toList();
        org.junit.jupiter.api.Assertions.assertEquals(wantTags, gotTags, "tags (offset, key, value to 6 digits)");
    }

    /** Numbers as GNU Radio's pmt::write_string prints them (6 significant digits). */
    private static String numbers(String[] texts) {
        return String.join(" ", java.util.Arrays.stream(texts).map(x -> String.format(java.util.Locale.ROOT, "%.6g",
                Double.parseDouble(x))).toList());
    }

    private static String numbers(Pmt p) {
        List<Pmt> items = p instanceof Pmt.Tuple t ? t.items() : List.of(p);
        return numbers(items.stream().map(x -> switch (x) {
            case Pmt.UInt64 u -> Long.toUnsignedString(u.bits());
            case Pmt.Int i -> Long.toString(i.value());
            case Pmt.Real r -> Double.toString(r.value());
            default -> throw new AssertionError("unexpected tag value " + x);
        }).toArray(String[]::new));
    }

    private static Pmt tagValue(JsonNode t) {
        JsonNode v = t.get(3);
        return switch (t.get(2).asText()) {
            case "rx_time" -> new Pmt.Tuple(List.of(new Pmt.UInt64(v.get(0).asLong()), Pmt.of(v.get(1).asDouble())));
            case "double" -> Pmt.of(v.asDouble());
            default -> Pmt.of(v.asLong());
        };
    }
}

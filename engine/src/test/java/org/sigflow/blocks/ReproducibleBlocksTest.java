package org.sigflow.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.catalog.PortDef;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;

/**
 * Same input, same bytes: every CPU block of the catalog (from its defaults, plus the rate-changing variants that
 * used to differ) gives bit-identical output whether its work calls are cut into 7, 64, 1000 or 32768 items.
 */
class ReproducibleBlocksTest {
    private static final int[] CHUNKS = {7, 64, 1000, 32768};
    private static final int ITEMS = 20_000;
    /**
     * Blocks that sleep (throttle), have no host outputs to compare, or read a device, a peer or a recording the test
     * has none of (their readers have tests of their own, with real peers); blocks that need a tagged stream
     * (tagged_stream_mux: TaggedStreamMuxTest cuts its calls at 1, 3 and 1000 items; the OFDM carrier allocator and
     * serializer) or whose output count is one per call by GNU Radio's definition (ber), checked against GNU Radio in
     * GnuRadioDigitalBlocksTest.
     */
    private static final List<String> SKIPPED = List.of("throttle", "memory_h2d", "memory_d2h", "audio_source",
            "rtl_tcp_source", "soapy_source", "sigmf_source", "wav_source", "zmq_sub_source", "zmq_pull_source",
            "zmq_req_source", "tagged_stream_mux", "ofdm_carrier_allocator", "ofdm_serializer", "ber",
            "hier_pad_in", // a hier block's interface: runs only flattened into the graph that uses it
            "crc32", "protocol_formatter", //  tagged streams: PacketGnuRadioTest/StreamCrcGnuRadioTest cut calls
            "packet_header_generator", // a tagged stream: PacketHeaderGnuRadioTest cuts its calls
            "ofdm_frame_equalizer", // tagged frames: OfdmRxGnuRadioTest cuts its calls
            "file_meta_source", // needs GNU Radio's metadata file: FileMetaGnuRadioTest reads them in calls of 7
            "burst_to_stream"); // needs a tagged stream, and its zeros fall where input ran dry: BurstToStreamTest

    /** Variants beside the defaults: decimating, interpolating and resampling filters, as in issue 12. */
    private static final Map<String, List<Map<String, String>>> VARIANTS = Map.of(
            "fir_filter", List.of(Map.of("decimation", "3", "io_type", "f32"), Map.of("decimation", "3"),
                    Map.of("taps_mode", "explicit", "taps_type", "complex", "decimation", "5",
                            "taps", "[0.1+0.2j, 0.3-0.1j, -0.2+0.05j] * 13")),
            "interp_fir_filter", List.of(Map.of("interpolation", "4", "taps", "[0.3, -0.1, 0.25, 0.05] * 15"),
                    Map.of("interpolation", "4", "io_type", "f32", "taps", "[0.3, -0.1, 0.25, 0.05] * 15")),
            "rational_resampler", List.of(Map.of("interpolation", "5", "decimation", "7"),
                    Map.of("interpolation", "5", "decimation", "7", "io_type", "f32"),
                    Map.of("interpolation", "5", "decimation", "7", "start", "zero_history")),
            "freq_xlating_fir_filter", List.of(Map.of("decimation", "4", "center_freq", "3000")),
            "pfb_arb_resampler", List.of(Map.of("rrate", "0.73", "io_type", "f32"),
                    Map.of("rrate", "0.31", "taps_type", "complex", "taps", "[0.1+0.2j, 0.3, -0.2j, 0.4] * 20",
                            "nfilts", "8")),
            "pfb_decimator", List.of(Map.of("decimation", "5", "channel", "3")),
            "fractional_resampler", List.of(Map.of("resamp_ratio", "0.37", "phase_shift", "0.8"),
                    Map.of("resamp_ratio", "11.3", "io_type", "f32")));

    /**
     * Instead of the defaults: vectors short enough that every chunk size can move whole ones; a symbol table (and a
     * constellation) with an entry for every byte the random input holds.
     */
    private static final Map<String, Map<String, String>> BASE = Map.of(
            "vector_to_stream", Map.of("num_items", "4"), "stream_to_vector", Map.of("num_items", "4"),
            "chunks_to_symbols", Map.of("symbol_table", "range(256)"),
            "constellation_encoder", Map.of("constellation", "calcdist", "points", "range(256)", "symbol_map", "[]"),
            "ofdm_cyclic_prefixer", Map.of("fft_len", "3", "cp_lengths", "[2, 3]", "rolloff", "2", "len_tag_key", "''"),
            "fec_encoder", Map.of("frame_bits", "3"), "fec_decoder", Map.of("frame_bits", "7"),
            // an FSM taking every byte (256 inputs, one state, output = input) and short Viterbi blocks
            "trellis_encoder", Map.of("fsm", "'256 1 256 ' + '0 ' * 256 + " + java.util.stream.IntStream.range(0, 256)
                    .mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(" ", "'", "'"))),
            "trellis_viterbi_combined", Map.of("block_size", "3"),
            // a look-ahead window within the smallest call (the harness, unlike the runtime, gives no more space)
            "peak_detector2", Map.of("look_ahead", "5", "threshold_factor_rise", "0.5"));

    private static Catalog catalog;
    private static BlockRegistry registry;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void load() throws Exception {
        catalog = CatalogLoader.loadDefault();
        registry = BlockRegistry.load();
    }

    @Test
    void everyCpuBlockGivesTheSameBytesWhateverTheCallSizes() throws Exception {
        List<String> differing = new ArrayList<>();
        int checked = 0;
        for (BlockDef def : catalog.all()) {
            if (def.id().endsWith("_cuda") || SKIPPED.contains(def.id()) || def.outputs().isEmpty()) {
                continue;
            }
            List<Map<String, String>> configs = new ArrayList<>();
            configs.add(BASE.getOrDefault(def.id(), Map.of()));
            configs.addAll(VARIANTS.getOrDefault(def.id(), List.of()));
            for (Map<String, String> overrides : configs) {
                String name = def.id() + overrides;
                byte[][] outputs = new byte[CHUNKS.length][];
                for (int c = 0; c < CHUNKS.length; c++) {
                    outputs[c] = run(def, overrides, CHUNKS[c]);
                }
                int common = Arrays.stream(outputs).mapToInt(o -> o.length).min().orElseThrow();
                for (int c = 1; c < CHUNKS.length; c++) {
                    boolean sameLength = def.inputs().isEmpty() || outputs[c].length == outputs[0].length;
                    if (!sameLength || !Arrays.equals(outputs[0], 0, common, outputs[c], 0, common)) {
                        differing.add(name + " at chunk " + CHUNKS[c] + " vs " + CHUNKS[0]
                                + " (first differing byte " + Arrays.mismatch(outputs[0], outputs[c]) + ")");
                    }
                }
                checked++;
            }
        }
        assertEquals(List.of(), differing);
        assertEquals(true, checked >= 40, "blocks checked: " + checked);
    }

    /** Runs one block on seeded input in calls of {@code chunk} items; the bytes of every output, concatenated. */
    private static byte[] run(BlockDef def, Map<String, String> overrides, int chunk) throws Exception {
        Map<String, Value> params = params(def, overrides);
        List<PortSpec> ins = ports(def.inputs(), params);
        List<PortSpec> outs = ports(def.outputs(), params);
        Block block = registry.find(def.id()).orElseThrow()
                .create(new BlockSetup(def.id() + "_0", def.id(), params, ins, outs, tmp));
        BlockHarness h = BlockHarness.of(block).chunk(chunk);
        SplittableRandom random = new SplittableRandom(12);
        for (PortSpec p : ins) {
            h.input(p.dtype(), p.vlen(), input(p, random));
        }
        for (PortSpec p : outs) {
            h.output(p.dtype(), p.vlen());
        }
        if (ins.isEmpty()) {
            h.maxCalls(ITEMS / chunk + 2); // a source: compare what every chunk size made (at least ITEMS)
        }
        h.run();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int o = 0; o < outs.size(); o++) {
            switch (outs.get(o).dtype().storage()) {
                case FLOAT -> {
                    for (float f : h.floats(o)) {
                        int b = Float.floatToRawIntBits(f);
                        bytes.write(b);
                        bytes.write(b >>> 8);
                        bytes.write(b >>> 16);
                        bytes.write(b >>> 24);
                    }
                }
                case SHORT -> {
                    for (short s : h.shorts(o)) {
                        bytes.write(s);
                        bytes.write(s >>> 8);
                    }
                }
                case BYTE -> bytes.writeBytes(h.bytes(o));
                case INT -> {
                    for (int k : h.ints(o)) {
                        bytes.write(k);
                        bytes.write(k >>> 8);
                        bytes.write(k >>> 16);
                        bytes.write(k >>> 24);
                    }
                }
            }
        }
        return bytes.toByteArray();
    }

    private static Object input(PortSpec p, SplittableRandom random) {
        int n = ITEMS * p.dtype().components() * Math.min(p.vlen(), 64); // vector items: fewer, whole ones
        n -= n % (p.dtype().components() * p.vlen());
        return switch (p.dtype().storage()) {
            case FLOAT -> {
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = (float) (random.nextDouble() * 2 - 1);
                }
                yield f;
            }
            case SHORT -> {
                short[] s = new short[n];
                for (int i = 0; i < n; i++) {
                    s[i] = (short) random.nextInt();
                }
                yield s;
            }
            case BYTE -> {
                byte[] b = new byte[n];
                random.nextBytes(b);
                yield b;
            }
            case INT -> {
                int[] k = new int[n];
                for (int i = 0; i < n; i++) {
                    k[i] = random.nextInt();
                }
                yield k;
            }
        };
    }

    private static Map<String, Value> params(BlockDef def, Map<String, String> overrides) throws Exception {
        Map<String, Value> scope = Map.of("samp_rate", Value.of(32000.0));
        Map<String, Value> params = new HashMap<>();
        for (ParamDef p : def.params()) {
            String text = overrides.getOrDefault(p.id(), p.defaultValue());
            Value v = p.type() == ParamType.ENUM ? Value.of(text) : Expressions.evaluate(text, scope);
            if (p.type() == ParamType.FILE) {
                Path f = Files.createTempFile(tmp, def.id(), ".bin");
                Files.write(f, new byte[4096 * 8]);
                v = Value.of(f.toString());
            }
            if (p.type() == ParamType.REAL && v instanceof Value.Int i) {
                v = Value.of((double) i.value());
            }
            params.put(p.id(), v);
        }
        return new LinkedHashMap<>(params);
    }

    private static List<PortSpec> ports(List<PortDef> defs, Map<String, Value> params) throws Exception {
        List<PortSpec> out = new ArrayList<>();
        for (PortDef d : defs) {
            Dtype dtype = Dtype.fromId(d.dtypeFromParam() ? params.get(d.dtypeParam()).asString() : d.dtype());
            int vlen = Expressions.evaluate(d.vlen(), params).asInt();
            int count = d.isMultiple() ? Expressions.evaluate(d.count(), params).asInt() : 1;
            for (int i = 0; i < count; i++) {
                out.add(new PortSpec(d.isMultiple() ? d.name() + i : d.name(), dtype, vlen));
            }
        }
        return out;
    }
}

package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.expr.Value;

/**
 * GRC's {@code digital_ofdm_tx} (GNU Radio's Python hier block {@code digital.ofdm_tx}, gr-digital's
 * {@code ofdm_txrx.py}) rewritten, before import, as the GRC blocks that hier block connects, step for step:
 * crc32_bb → packet_headergenerator_bb (a {@code packet_header_ofdm} of one symbol) → chunks_to_symbols (header
 * constellation) and crc32_bb → repack_bits_bb (8 → payload bits, LSB first) → chunks_to_symbols (payload
 * constellation), both into tagged_stream_mux (head tags kept) → ofdm_carrier_allocator_cvc → fft_vxx (inverse,
 * shifted) → ofdm_cyclic_prefixer. Each gets the hier block's name as prefix ({@code tx_crc}, …); connections to
 * and from the hier block go to the CRC block and from the cyclic prefixer. The hier block's defaults are GNU
 * Radio's: its carriers, 127 pilot symbol sets, and sync words drawn from numpy's random generator seeded with 42
 * (computed here with the flowgraph's values of fft_len and the carriers). With {@code scramble_bits} GNU Radio's
 * {@code additive_scrambler_bb} (seed 0x7f, reset on each packet) goes before the repacker (after it in the receiver)
 * and the header is scrambled; without, the scrambler's seed 0 makes it the identity and it is left out.
 */
final class GrcOfdmTxRx {
    static final String DEF_OCCUPIED = "(list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + "
            + "list(range(1, 7)) + list(range(8, 21)) + list(range(22, 27)),)";
    static final String DEF_PILOTS = "((-21, -7, 7, 21,),)";
    private static final int[] PILOT_SCRAMBLE = {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, -1, 1, 1, -1, 1, -1, -1, 1, 1,
        -1, 1, 1, -1, 1, 1, 1, 1, 1, 1, -1, 1, 1, 1, -1, 1, 1, -1, -1, 1, 1, 1, -1, 1, -1, -1, -1, 1, -1, 1, -1, -1, 1,
        -1, -1, 1, 1, 1, 1, 1, -1, -1, 1, 1, -1, -1, 1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, -1, -1, -1, 1, -1, -1,
        1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, 1, -1, -1, -1, -1, -1, 1, -1, 1, 1, -1, 1, -1, 1, 1, 1, -1, -1, 1, -1, -1,
        -1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1};
    private static final Map<String, Integer> BPS = Map.of("\"BPSK\"", 1, "\"QPSK\"", 2, "\"8-PSK\"", 3);
    private static final Map<Integer, String> CONSTELLATION = Map.of(1, "digital.constellation_bpsk()",
            2, "digital.constellation_qpsk()", 3, "digital.constellation_8psk()");

    private GrcOfdmTxRx() {}

    static GrcFlowgraph apply(GrcFlowgraph fg) {
        if (fg.blocks().stream().noneMatch(b -> b.id().equals("digital_ofdm_tx") || b.id().equals("digital_ofdm_rx"))) {
            return fg;
        }
        List<GrcBlock> blocks = new ArrayList<>();
        List<GrcConnection> connections = new ArrayList<>(fg.connections());
        Scope scope = new Scope(fg);
        for (GrcBlock b : fg.blocks()) {
            if (b.id().equals("digital_ofdm_tx") && bps(b, "header_mod") != null && bps(b, "payload_mod") != null) {
                expandTx(b, scope, blocks, connections);
            } else if (b.id().equals("digital_ofdm_rx") && bps(b, "header_mod") != null
                    && bps(b, "payload_mod") != null) {
                expandRx(b, scope, blocks, connections);
            } else {
                blocks.add(b);
            }
        }
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, connections, fg.problems());
    }

    private static Integer bps(GrcBlock b, String param) {
        return BPS.get(b.params().getOrDefault(param, "").strip().replace('\'', '"'));
    }

    /** A hier block param as GNU Radio's template passes it: null where the template leaves it out (empty). */
    private static String given(GrcBlock b, String param) {
        String v = b.params().getOrDefault(param, "").strip();
        return v.isEmpty() || v.equals("()") || v.equals("[]") || v.equals("None") ? null : v;
    }

    private static void expandTx(GrcBlock b, Scope scope, List<GrcBlock> blocks, List<GrcConnection> connections) {
        String n = b.name();
        String key = b.params().getOrDefault("packet_len_key", "\"length\"");
        Common p = Common.of(b, scope);
        String fftLen = p.fftLen();
        String occupied = p.occupied();
        String pilots = p.pilots();
        // GNU Radio's template passes pilot_symbols only when pilot_carriers is set
        String pilotSymbols = given(b, "pilot_carriers") != null ? b.params().getOrDefault("pilot_symbols", "()")
                : defaultPilotSymbols();
        String sync1 = p.sync1();
        String sync2 = p.sync2();
        int bpsHeader = p.bpsHeader();
        int bpsPayload = p.bpsPayload();
        boolean scramble = p.scramble();
        String hdr = "digital.packet_header_ofdm(" + occupied + ", n_syms=1, bits_per_header_sym=" + bpsHeader
                + ", bits_per_payload_sym=" + bpsPayload + ", scramble_header=" + (scramble ? "True" : "False") + ")";
        Adder add = new Adder(b, blocks);
        add.block("crc", "digital_crc32_bb", "check", "False", "lengthtagname", key, "packed", "True");
        add.block("hdr", "digital_packet_headergenerator_bb", "header_formatter", hdr + ".base()", "len_tag_key", key);
        add.block("hdr_sym", "digital_chunks_to_symbols_xx", "in_type", "byte", "out_type", "complex",
                "symbol_table", CONSTELLATION.get(bpsHeader) + ".points()", "dimension", "1", "num_ports", "1");
        if (scramble) {
            add.block("scrambler", "digital_additive_scrambler_bb", "mask", "0x8a", "seed", "0x7f", "len", "7",
                    "count", "0", "bits_per_byte", "8", "reset_tag_key", key);
        }
        add.block("repack", "blocks_repack_bits_bb", "k", "8", "l", Integer.toString(bpsPayload), "len_tag_key", key,
                "align_output", "False", "endianness", "gr.GR_LSB_FIRST");
        add.block("pay_sym", "digital_chunks_to_symbols_xx", "in_type", "byte", "out_type", "complex",
                "symbol_table", CONSTELLATION.get(bpsPayload) + ".points()", "dimension", "1", "num_ports", "1");
        add.block("mux", "blocks_tagged_stream_mux", "type", "complex", "vlen", "1", "ninputs", "2",
                "lengthtagname", key, "tag_preserve_head_pos", "1");
        add.block("alloc", "digital_ofdm_carrier_allocator_cvc", "fft_len", fftLen, "occupied_carriers", occupied,
                "pilot_carriers", pilots, "pilot_symbols", pilotSymbols, "sync_words", "(" + sync1 + ", " + sync2 + ")",
                "len_tag_key", key, "output_is_shifted", "True");
        add.block("ifft", "fft_vxx", "type", "complex", "fft_size", fftLen, "forward", "False", "window", "()",
                "shift", "True", "nthreads", "1");
        add.block("cp", "digital_ofdm_cyclic_prefixer", "input_size", fftLen,
                "cp_len", b.params().getOrDefault("cp_len", "16"),
                "rolloff", b.params().getOrDefault("rolloff", "0"), "tagname", key);
        add.chain("crc", "hdr", "hdr_sym");
        add.chain(scramble ? List.of("crc", "scrambler", "repack", "pay_sym") : List.of("crc", "repack", "pay_sym"));
        add.connect("hdr_sym", "0", "mux", "0");
        add.connect("pay_sym", "0", "mux", "1");
        add.chain("mux", "alloc", "ifft", "cp");
        rewire(connections, n, n + "_crc", n + "_cp");
        connections.addAll(add.connections);
    }

    /**
     * GNU Radio's {@code ofdm_rx}: the Schmidl &amp; Cox sync; the input delayed by a symbol and mixed down by the
     * sync's phase (frequency modulator, -2/fft_len) into a header/payload demux triggered by the sync's detections;
     * header: FFT, channel estimation from the two sync words, simpledfe equalizer (fixed length 1, channel state
     * passed on), serializer, constellation decoder, header parser (packet_header_ofdm), whose verdicts go back to
     * the demux; payload: FFT, simpledfe equalizer (1 symbol skipped), serializer, decoder, repack to bytes, CRC
     * check. The demux and equalizers use the length key 'frame_' + packet_len_key, as GRC's template.
     */
    private static void expandRx(GrcBlock b, Scope scope, List<GrcBlock> blocks, List<GrcConnection> connections) {
        String n = b.name();
        String key = b.params().getOrDefault("packet_len_key", "\"length\"").strip();
        boolean literal = key.matches("\"[^\"\\\\]*\"|'[^'\\\\]*'");
        String frameKey = literal ? "'frame_" + key.substring(1, key.length() - 1) + "'" : "'frame_' + " + key;
        Common p = Common.of(b, scope);
        String fftLen = p.fftLen();
        String cpLen = b.params().getOrDefault("cp_len", "16");
        String occupied = p.occupied();
        String pilots = p.pilots();
        String pilotSymbols = given(b, "pilot_symbols") != null ? given(b, "pilot_symbols") : defaultPilotSymbols();
        String sync1 = p.sync1();
        int bpsHeader = p.bpsHeader();
        int bpsPayload = p.bpsPayload();
        boolean scramble = p.scramble();
        String hdrConst = CONSTELLATION.get(bpsHeader);
        String payConst = CONSTELLATION.get(bpsPayload);
        Adder add = new Adder(b, blocks);
        add.block("sync", "digital_ofdm_sync_sc_cfb", "fft_len", fftLen, "cp_len", cpLen,
                "use_even_carriers", scope.evenCarriers(sync1) ? "True" : "False", "threshold", "0.9");
        add.block("delay", "blocks_delay", "type", "complex", "delay", "(" + fftLen + ") + (" + cpLen + ")",
                "num_ports", "1", "vlen", "1");
        add.block("osc", "analog_frequency_modulator_fc", "sensitivity", "-2.0 / (" + fftLen + ")");
        add.block("mixer", "blocks_multiply_xx", "type", "complex", "num_inputs", "2", "vlen", "1");
        add.block("hpd", "digital_header_payload_demux", "header_len", "3", "header_padding", "0",
                "items_per_symbol", fftLen, "guard_interval", cpLen, "length_tag_key", frameKey,
                "trigger_tag_key", "\"\"", "output_symbols", "True", "type", "complex", "timing_tag_key", "\"rx_time\"",
                "samp_rate", "1.0", "special_tags", "()");
        add.block("hdr_fft", "fft_vxx", "type", "complex", "fft_size", fftLen, "forward", "True", "window", "()",
                "shift", "True", "nthreads", "1");
        add.block("chanest", "digital_ofdm_chanest_vcvc", "sync_symbol1", sync1, "sync_symbol2", p.sync2(),
                "n_data_symbols", "1", "eq_noise_red_len", "0", "max_carr_offset", "-1", "force_one_symbol", "False");
        add.block("hdr_eq", "digital_ofdm_frame_equalizer_vcvc", "equalizer", "digital.ofdm_equalizer_simpledfe("
                + fftLen + ", " + hdrConst + ".base(), " + occupied + ", " + pilots + ", " + pilotSymbols
                + ", symbols_skipped=0)", "fft_len", fftLen, "cp_len", cpLen, "len_tag_key", frameKey,
                "propagate_channel_state", "True", "fixed_frame_len", "1");
        add.block("hdr_ser", "digital_ofdm_serializer_vcc", "fft_len", fftLen, "occupied_carriers", occupied,
                "len_tag_key", frameKey, "packet_len_tag_key", "\"\"", "symbols_skipped", "0",
                "carr_offset_key", "\"\"", "input_is_shifted", "True");
        add.block("hdr_demod", "digital_constellation_decoder_cb", "constellation", hdrConst + ".base()");
        add.block("hdr_parser", "digital_packet_headerparser_b", "header_formatter", "digital.packet_header_ofdm("
                + occupied + ", 1, " + key + ", " + frameKey + ", \"packet_num\", " + bpsHeader + ", " + bpsPayload
                + ", scramble_header=" + (scramble ? "True" : "False") + ").base()");
        add.block("pay_fft", "fft_vxx", "type", "complex", "fft_size", fftLen, "forward", "True", "window", "()",
                "shift", "True", "nthreads", "1");
        add.block("pay_eq", "digital_ofdm_frame_equalizer_vcvc", "equalizer", "digital.ofdm_equalizer_simpledfe("
                + fftLen + ", " + payConst + ".base(), " + occupied + ", " + pilots + ", " + pilotSymbols
                + ", symbols_skipped=1, alpha=0.1)", "fft_len", fftLen, "cp_len", cpLen, "len_tag_key", frameKey,
                "propagate_channel_state", "False", "fixed_frame_len", "0");
        add.block("pay_ser", "digital_ofdm_serializer_vcc", "fft_len", fftLen, "occupied_carriers", occupied,
                "len_tag_key", frameKey, "packet_len_tag_key", key, "symbols_skipped", "1",
                "carr_offset_key", "\"\"", "input_is_shifted", "True");
        add.block("pay_demod", "digital_constellation_decoder_cb", "constellation", payConst + ".base()");
        add.block("pay_pack", "blocks_repack_bits_bb", "k", Integer.toString(bpsPayload), "l", "8", "len_tag_key", key,
                "align_output", "True", "endianness", "gr.GR_LSB_FIRST");
        if (scramble) {
            add.block("descrambler", "digital_additive_scrambler_bb", "mask", "0x8a", "seed", "0x7f", "len", "7",
                    "count", "0", "bits_per_byte", "8", "reset_tag_key", key);
        }
        add.block("crc", "digital_crc32_bb", "check", "True", "lengthtagname", key, "packed", "True");
        add.chain("delay", "mixer", "hpd");
        add.chain("sync", "osc");
        add.connect("osc", "0", "mixer", "1");
        add.connect("sync", "1", "hpd", "1");
        add.chain("hpd", "hdr_fft", "chanest", "hdr_eq", "hdr_ser", "hdr_demod", "hdr_parser");
        add.connect("hdr_parser", "header_data", "hpd", "header_data");
        add.connect("hpd", "1", "pay_fft", "0");
        add.chain(scramble ? List.of("pay_fft", "pay_eq", "pay_ser", "pay_demod", "pay_pack", "descrambler", "crc")
                : List.of("pay_fft", "pay_eq", "pay_ser", "pay_demod", "pay_pack", "crc"));
        List<GrcConnection> in = connections.stream().filter(c -> c.dstBlock().equals(n)).toList();
        connections.removeAll(in);
        for (GrcConnection c : in) {               // the input feeds the sync and the delay
            connections.add(new GrcConnection(c.srcBlock(), c.srcPort(), n + "_sync", "0"));
            connections.add(new GrcConnection(c.srcBlock(), c.srcPort(), n + "_delay", "0"));
        }
        rewire(connections, n, n + "_sync", n + "_crc");
        connections.addAll(add.connections);
    }

    /** The params both hier blocks take alike, with GNU Radio's defaults where GRC leaves them empty. */
    private record Common(String fftLen, String occupied, String pilots, String sync1, String sync2, int bpsHeader,
                          int bpsPayload, boolean scramble) {
        static Common of(GrcBlock b, Scope scope) {
            String fftLen = b.params().getOrDefault("fft_len", "64");
            String occupied = given(b, "occupied_carriers") != null ? given(b, "occupied_carriers") : DEF_OCCUPIED;
            String pilots = given(b, "pilot_carriers") != null ? given(b, "pilot_carriers") : DEF_PILOTS;
            String sync1 = given(b, "sync_word1") != null ? given(b, "sync_word1")
                    : scope.syncWord(fftLen, occupied, pilots, true);
            String sync2 = given(b, "sync_word2") != null ? given(b, "sync_word2")
                    : scope.syncWord(fftLen, occupied, pilots, false);
            return new Common(fftLen, occupied, pilots, sync1, sync2, bps(b, "header_mod"), bps(b, "payload_mod"),
                    b.params().getOrDefault("scramble_bits", "False").strip().equals("True"));
        }
    }

    /** Connections to the hier block's input go to {@code in}, those from its output come from {@code out}. */
    private static void rewire(List<GrcConnection> connections, String name, String in, String out) {
        connections.replaceAll(c -> c.dstBlock().equals(name) ? new GrcConnection(c.srcBlock(), c.srcPort(), in,
                c.dstPort()) : c.srcBlock().equals(name) ? new GrcConnection(out, c.srcPort(), c.dstBlock(),
                c.dstPort()) : c);
    }

    private static String defaultPilotSymbols() {
        List<String> sets = new ArrayList<>();
        for (int x : PILOT_SCRAMBLE) {
            sets.add("(" + x + ", " + x + ", " + x + ", " + -x + ")");
        }
        return "(" + String.join(", ", sets) + ",)";
    }

    /** Adds the inner blocks of one hier block (named {@code <hier>_<part>}) and their connections. */
    private static final class Adder {
        private final GrcBlock hier;
        private final List<GrcBlock> blocks;
        final List<GrcConnection> connections = new ArrayList<>();
        private int count;

        Adder(GrcBlock hier, List<GrcBlock> blocks) {
            this.hier = hier;
            this.blocks = blocks;
        }

        void block(String part, String id, String... params) {
            Map<String, String> p = new LinkedHashMap<>();
            for (int i = 0; i < params.length; i += 2) {
                p.put(params[i], params[i + 1]);
            }
            blocks.add(new GrcBlock(hier.name() + "_" + part, id, p, hier.x() + 40 * count, hier.y() + 40 * count++,
                    hier.rotation(), hier.state()));
        }

        void chain(String... parts) {
            chain(List.of(parts));
        }

        void chain(List<String> parts) {
            for (int i = 1; i < parts.size(); i++) {
                connect(parts.get(i - 1), "0", parts.get(i), "0");
            }
        }

        void connect(String from, String fromPort, String to, String toPort) {
            connections.add(new GrcConnection(hier.name() + "_" + from, fromPort, hier.name() + "_" + to, toPort));
        }
    }

    /** The flowgraph's variables, evaluated, for GNU Radio's default sync words. */
    private static final class Scope {
        private final GrcFlowgraph fg;
        private Map<String, Value> values;

        Scope(GrcFlowgraph fg) {
            this.fg = fg;
        }

        private Value evaluate(String python) {
            if (values == null) {
                GrcVariables vars = GrcVariables.read(fg.blocks(), new ImportReport.Builder());
                values = org.sigflow.expr.VariableResolver.resolve(vars.values(), Map.of()).values();
            }
            PythonExpressions.Translation t = PythonExpressions.translate(python, values.keySet());
            if (!t.ok()) {
                return null;
            }
            try {
                return org.sigflow.expr.Expressions.evaluate(t.text(), values);
            } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
                return null;
            }
        }

        /** GNU Radio's ofdm_rx: any(sync_word1[0::2]) (false where the word cannot be evaluated). */
        boolean evenCarriers(String sync1) {
            Value w = evaluate(sync1);
            if (w == null) {
                return false;
            }
            List<Value> items = w.asList();
            for (int i = 0; i < items.size(); i += 2) {
                if (items.get(i).re() != 0 || items.get(i).im() != 0) {
                    return true;
                }
            }
            return false;
        }

        /**
         * GNU Radio's {@code _make_sync_word1/2}: numpy.random.seed(42); carrier x (of 0..fft_len-1) of the first
         * occupied and pilot sets (negative ones + fft_len) draws one randint(2) (word 1: odd carriers only, ±√2;
         * word 2: ±1, carrier 0 zero), fftshifted. The text as written where the values cannot be evaluated.
         */
        String syncWord(String fftLenText, String occupied, String pilots, boolean first) {
            Value len = evaluate(fftLenText);
            Value occ = evaluate(occupied);
            Value pil = evaluate(pilots);
            if (len == null || occ == null || pil == null) {
                return "None";                     // refused later: a sync word the import cannot compute
            }
            int fftLen = len.asInt();
            java.util.Set<Integer> active = new java.util.HashSet<>();
            for (Value set : List.of(occ.asList().getFirst(), pil.asList().getFirst())) {
                for (Value c : set.asList()) {
                    active.add(c.asInt() < 0 ? c.asInt() + fftLen : c.asInt());
                }
            }
            NumpyLegacyRandom rng = new NumpyLegacyRandom(42);
            String[] word = new String[fftLen];
            for (int x = 0; x < fftLen; x++) {
                boolean drawn = active.contains(x) && (!first || x % 2 == 1);
                int bit = drawn ? rng.bit() : 0;
                word[x] = !drawn ? "0" : first ? (bit == 0 ? "1.4142135623730951" : "-1.4142135623730951")
                        : (bit == 0 ? "1" : "-1");
            }
            if (!first) {
                word[0] = "0";
            }
            String[] shifted = new String[fftLen];
            for (int i = 0; i < fftLen; i++) {
                shifted[i] = word[(i + fftLen / 2 + fftLen % 2) % fftLen];   // numpy.fft.fftshift
            }
            return "[" + String.join(", ", shifted) + "]";
        }
    }
}

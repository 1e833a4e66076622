package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * digital_ofdm_tx and digital_ofdm_rx become the blocks of GNU Radio's hier blocks (their samples are checked against
 * GNU Radio by GnuRadioSamplesTest's ofdm cases), with GNU Radio's scramblers when scramble_bits is set.
 */
class GrcOfdmImportTest {
    private static Engine engine;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static String block(String name, String id, String params) {
        return GrcConstellationImportTest.block(name, id, params);
    }

    private static String graph(String scramble) {
        String p = "fft_len: '64'\ncp_len: '16'\nheader_mod: '\"BPSK\"'\npayload_mod: '\"QPSK\"'\n"
                + "packet_len_key: '\"len\"'\nscramble_bits: '" + scramble + "'\n";
        return "options:\n  parameters: {id: t, title: t}\n"
                + "  states: {coordinate: [0, 0], rotation: 0, state: enabled}\nblocks:\n"
                + block("src", "blocks_null_source", "type: byte\nvlen: '1'\nnum_outputs: '1'")
                + block("tx", "digital_ofdm_tx", p + "rolloff: '0'")
                + block("rx", "digital_ofdm_rx", p)
                + block("snk", "blocks_null_sink", "type: byte\nvlen: '1'\nnum_inputs: '1'")
                + "connections:\n- [src, '0', tx, '0']\n- [tx, '0', rx, '0']\n- [rx, '0', snk, '0']\n"
                + "metadata: {file_format: 1}\n";
    }

    @Test
    void hierBlocksBecomeGnuRadiosChains() throws Exception {
        ImportResult r = engine.grcImporter().importText(graph("False"), "t.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        List<String> ids = r.graph().blocks().stream().map(BlockInstance::id).toList();
        assertTrue(ids.containsAll(List.of("tx_crc", "tx_hdr", "tx_alloc", "tx_ifft", "tx_cp", "rx_sync", "rx_hpd",
                "rx_chanest", "rx_hdr_eq", "rx_hdr_parser", "rx_pay_eq", "rx_crc")), ids.toString());
        BlockInstance chanest = r.graph().block("rx_chanest").orElseThrow();
        // GNU Radio's default sync word 2 (numpy seed 42, fftshifted): its first active carrier is 6
        assertTrue(chanest.params().get("sync_symbol2").startsWith("[0, 0, 0, 0, 0, 0, -1, -1, -1, -1, 1, 1, -1"),
                chanest.params().get("sync_symbol2"));
        assertEquals("'frame_len'", r.graph().block("rx_hpd").orElseThrow().params().get("length_tag_key"));
        assertTrue(r.graph().connections().stream().anyMatch(c -> c.fromBlock().equals("rx_hdr_parser")
                && c.toBlock().equals("rx_hpd") && c.toPort().equals("header_data")), "the header verdicts go back");
    }

    @Test
    void scramblingAddsGnuRadiosScramblers() throws Exception {
        ImportResult r = engine.grcImporter().importText(graph("True"), "t.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        for (String id : List.of("tx_scrambler", "rx_descrambler")) {
            BlockInstance b = r.graph().block(id).orElseThrow();
            assertEquals("0x7f", b.params().get("seed"), id);
            assertEquals("'len'", b.params().get("reset_tag_key").replace('"', '\''), id);
        }
        assertEquals("True", r.graph().block("rx_hdr_parser").orElseThrow().params().get("scramble_header"));
    }
}

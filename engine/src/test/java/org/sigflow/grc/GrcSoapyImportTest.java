package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GNU Radio 3.10's gr-soapy blocks (the per-driver ones, the custom and the generic source/sink, {@code
 * grc/soapy/*.grc}: every parameter as GRC writes it) become {@code soapy_source}/{@code soapy_sink}: the device
 * string from the block's fixed driver (or {@code driver}/{@code devname}) and {@code dev_args}, channel 0's
 * frequency, rate, gain, automatic gain and antenna. What SigFlow's blocks do not set (bandwidth, a second channel,
 * per-stage gains, other sample types, DC and IQ corrections) is named in the report as needing attention, and the
 * graph still validates.
 */
class GrcSoapyImportTest {
    private static Engine engine;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    /**
     * One snippet's expectation: the SigFlow block, the params it must have (absent: the catalog default), and the
     * GRC params the report must name as needing attention (exactly those).
     */
    record Case(String grcId, String block, Map<String, String> params, List<String> attention) {
        @Override
        public String toString() {
            return grcId;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("soapy_rtlsdr_source", "soapy_source", Map.of("device", "'driver=rtlsdr,serial=00000001'",
                        "freq", "freq", "samp_rate", "samp_rate", "gain", "30", "gain_auto", "false"), List.of()),
                new Case("soapy_airspyhf_source", "soapy_source", Map.of("device", "'driver=airspyhf'",
                        "gain", "-24", "gain_auto", "true"), List.of("lna")),
                new Case("soapy_bladerf_source", "soapy_source", Map.of("device", "'driver=bladerf'",
                        "gain", "20.0"), List.of()),
                new Case("soapy_hackrf_source", "soapy_source", Map.of("device", "'driver=hackrf'", "gain", "16"),
                        List.of("vga")),
                new Case("soapy_limesdr_source", "soapy_source", Map.of("device", "'driver=lime'", "gain", "20.0"),
                        List.of("bandwidth")),
                new Case("soapy_plutosdr_source", "soapy_source", Map.of("device", "'driver=plutosdr'",
                        "gain", "20", "gain_auto", "true"), List.of()),
                new Case("soapy_sdrplay_source", "soapy_source", Map.of("device", "'driver=sdrplay'",
                        "gain", "-(-20)", "antenna", "'Antenna B'", "gain_auto", "false"), List.of()),
                new Case("soapy_custom_source", "soapy_source", Map.of("device", "'driver=airspy,serial=0x1234'",
                        "freq", "freq", "gain", "10", "gain_auto", "false", "antenna", "'RX'"),
                        List.of("dc_removal0", "nchan")),
                new Case("soapy_custom_sink", "soapy_sink", Map.of("device", "'driver=hackrf,' + sdr_args",
                        "freq", "freq", "gain", "tx_gain", "antenna", "'TX'"), List.of("bandwidth0")),
                new Case("soapy_bladerf_sink", "soapy_sink", Map.of("device", "'driver=bladerf'", "gain", "30"),
                        List.of()),
                new Case("soapy_hackrf_sink", "soapy_sink", Map.of("device", "'driver=hackrf'", "gain", "20"),
                        List.of("amp")),
                new Case("soapy_limesdr_sink", "soapy_sink", Map.of("device", "'driver=lime'", "gain", "20.0"),
                        List.of()),
                new Case("soapy_plutosdr_sink", "soapy_sink", Map.of("device",
                        "'driver=plutosdr,uri=ip:192.168.2.1'", "gain", "10"), List.of()),
                // GNU Radio 3.9's generic blocks, still in 3.10: devname custom takes the device string from dev
                new Case("soapy_source", "soapy_source", Map.of("device", "'driver=remote,remote=10.0.0.2'",
                        "freq", "freq", "gain", "25", "gain_auto", "false", "antenna", "'RX'"),
                        List.of("dc_removal0")),
                new Case("soapy_sink", "soapy_sink", Map.of("device", "'driver=hackrf,serial=42'", "freq", "freq",
                        "gain", "30", "gain_auto", "false", "antenna", "'TX'"), List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void importsToTheSoapyBlock(Case c, @TempDir Path dir) throws Exception {
        ImportResult r = importResource(c.grcId());
        String report = String.join("\n", r.report().lines());
        BlockInstance radio = r.graph().block("radio").orElseThrow();
        assertEquals(c.block(), radio.type(), report);
        c.params().forEach((k, v) -> assertEquals(v, radio.params().get(k), k + "\n" + report));
        assertEquals(null, radio.params().get("channel"), "channel 0, the catalog default");
        List<String> named = r.report().attention().stream()
                .map(i -> i.message().substring(0, i.message().indexOf(' ')))
                .toList();
        assertEquals(c.attention(), named, report);
        r.report().attention().forEach(i -> assertTrue(i.subject().contains("radio (" + c.grcId() + ")"), report));
        engine.open(r.graph(), dir.resolve(c.grcId() + ".graph"), Map.of()); // validates, or throws with the problems
    }

    /** sdrplay's GRC gain is negated before it reaches the device (GRC: {@code set_gain(0, -gain)}). */
    @Test
    void sdrplayGainIsTheNegatedGrcGain() throws Exception {
        BlockInstance radio = importResource("soapy_sdrplay_source").graph().block("radio").orElseThrow();
        assertEquals(20.0, org.sigflow.expr.Expressions.evaluate(radio.params().get("gain"), Map.of()).asDouble(),
                0.0);
    }

    /** A sample type other than complex float is reported, not dropped; the import still succeeds. */
    @Test
    void otherSampleTypesNeedAttention() throws Exception {
        String text = resource("soapy_rtlsdr_source").replace("type: fc32", "type: sc16");
        ImportResult r = engine.grcImporter().importText(text, "rtl_sc16.grc");
        assertEquals("soapy_source", r.graph().block("radio").orElseThrow().type());
        assertEquals(1, r.report().attention().size(), String.join("\n", r.report().lines()));
        assertTrue(r.report().attention().getFirst().message().startsWith("type = 'sc16' not imported"),
                String.join("\n", r.report().lines()));
    }

    /**
     * Later GNU Radio releases' RTL-SDR source (as in gr-soapy's fm_radio_receiver_soapy example): the USB buffer size
     * only changes latency; a bias tee switched on is reported, SigFlow does not power it.
     */
    @Test
    void laterRtlsdrSourceBiasTeeAndBufferSize() throws Exception {
        String later = resource("soapy_rtlsdr_source").replace("    agc: 'False'\n",
                "    agc: 'False'\n    bias: 'False'\n    bufflen: '16384'\n");
        ImportResult off = engine.grcImporter().importText(later, "later.grc");
        assertTrue(off.report().complete(), String.join("\n", off.report().lines()));
        ImportResult on = engine.grcImporter().importText(later.replace("bias: 'False'", "bias: 'True'"), "on.grc");
        assertEquals(1, on.report().attention().size(), String.join("\n", on.report().lines()));
        assertTrue(on.report().attention().getFirst().message().startsWith("bias = 'True' not imported"),
                String.join("\n", on.report().lines()));
    }

    /** The generic source reads dev only for devname custom, as GNU Radio does: otherwise devname is the driver. */
    @Test
    void genericSourceIgnoresDevForANamedDriver() throws Exception {
        String text = resource("soapy_source").replace("devname: custom", "devname: rtlsdr");
        ImportResult r = engine.grcImporter().importText(text, "generic.grc");
        assertEquals("'driver=rtlsdr,remote=10.0.0.2'", r.graph().block("radio").orElseThrow().params().get("device"));
    }

    /**
     * The generic blocks' per-stage gains (source gain mode Specific, sink manual_gain0 True, GRC's default there) are
     * reported: SigFlow sets the overall gain.
     */
    @Test
    void genericBlocksPerStageGainsNeedAttention() throws Exception {
        ImportResult src = engine.grcImporter().importText(resource("soapy_source")
                .replace("gain_mode0: Overall", "gain_mode0: Specific"), "specific.grc");
        assertTrue(src.report().attention().stream().anyMatch(i -> i.message().startsWith(
                "gain_mode0 = 'Specific' not imported")), String.join("\n", src.report().lines()));
        ImportResult snk = engine.grcImporter().importText(resource("soapy_sink")
                .replace("manual_gain0: 'False'", "manual_gain0: 'True'"), "manual.grc");
        assertEquals(1, snk.report().attention().size(), String.join("\n", snk.report().lines()));
        assertTrue(snk.report().attention().getFirst().message().startsWith("manual_gain0 = 'True' not imported"),
                String.join("\n", snk.report().lines()));
    }

    /**
     * The custom blocks' driver and dev_args both empty: GNU Radio's {@code 'driver=' + driver}, which SoapySDR matches
     * to no device, not an empty string (which would open the first device found: for a sink, transmit on it).
     */
    @Test
    void emptyDriverKeepsGnuRadiosDriverKey() throws Exception {
        for (String grcId : List.of("soapy_custom_source", "soapy_custom_sink")) {
            String text = resource(grcId).replaceAll("driver: \\S+", "driver: ''")
                    .replaceAll("dev_args: \\S+", "dev_args: ''");
            ImportResult r = engine.grcImporter().importText(text, "custom.grc");
            assertEquals("'driver='", r.graph().block("radio").orElseThrow().params().get("device"), grcId);
        }
    }

    /** GNU Radio's gr-dtv DVB-T2 example ends in a Soapy custom sink: mapped, its 8 MHz bandwidth reported. */
    @Test
    void dvbt2ExampleSinkIsMapped() throws Exception {
        Path file = Path.of(System.getProperty("sigflow.grc.examples", "/work/shared/grc-examples"),
                "gr-dtv/examples/vv004-8kfft.grc");
        Assumptions.assumeTrue(Files.isRegularFile(file), "no GNU Radio examples at " + file);
        assertDtvSinkMapped(GrcImporter.loadDefault().importFile(file));
    }

    /** The same in the bundled DVB-T example (so it runs without the full example folder). */
    @Test
    void bundledDvbtExampleSinkIsMapped() throws Exception {
        Path file = Path.of(GrcSoapyImportTest.class.getResource("/grc/examples/gr-dtv/examples/dvbt_tx_2k.grc")
                .toURI());
        assertDtvSinkMapped(GrcImporter.loadDefault().importFile(file));
    }

    private static void assertDtvSinkMapped(ImportResult r) {
        BlockInstance sink = r.graph().block("soapy_custom_sink_0").orElseThrow();
        assertEquals("soapy_sink", sink.type());
        assertEquals(Map.of("device", "'driver='", "freq", "center_freq", "samp_rate", "samp_rate", "gain", "tx_gain",
                "antenna", "'TX'"), sink.params());
        assertTrue(!r.report().unmappedTypes().containsKey("soapy_custom_sink"));
        List<String> onSink = r.report().attention().stream()
                .filter(i -> i.subject().contains("soapy_custom_sink_0")).map(ImportIssue::message).toList();
        assertEquals(1, onSink.size(), String.valueOf(onSink));
        assertTrue(onSink.getFirst().startsWith("bandwidth0 = '8000000' not imported"), onSink.getFirst());
    }

    private static ImportResult importResource(String grcId) throws Exception {
        return engine.grcImporter().importText(resource(grcId), grcId + ".grc");
    }

    private static String resource(String grcId) throws Exception {
        try (var in = GrcSoapyImportTest.class.getResourceAsStream("/grc/soapy/" + grcId + ".grc")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}

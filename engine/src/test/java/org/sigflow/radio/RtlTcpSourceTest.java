package org.sigflow.radio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.radio.FakeRtlTcpServer.Command;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;

/** rtl_tcp_source against a wire-faithful rtl_tcp on loopback: header, commands, samples, and every way it fails. */
@Timeout(30)
class RtlTcpSourceTest {
    static final byte[] R820T = RtlTcpProtocol.header(new RtlTcpProtocol.DongleInfo(5, 29));

    private static Block source(int port, boolean gainAuto, double timeout) throws Exception {
        return Setups.create("rtl_tcp_source", "host", "127.0.0.1", "port", port, "freq", 100.1e6, "samp_rate", 2.4e6,
                "gain_auto", gainAuto, "gain", 33.8, "agc", true, "ppm", -12, "bias_tee", false, "timeout", timeout);
    }

    @Test
    void tunesOnConnectAndDecodesEverySample() throws Exception {
        try (FakeRtlTcpServer server = new FakeRtlTcpServer(R820T, 100_000)) {
            Block b = source(server.port(), false, 5);
            Exception end = assertThrows(Exception.class, () -> BlockHarness.of(b).output(Dtype.CF32, 1).chunk(4099)
                    .run());
            assertTrue(end.getMessage().contains("closed the connection after 50000 samples"), end.getMessage());
            waitFor(() -> server.commands().size() >= 7);
            assertEquals(List.of(new Command(0x02, 2_400_000), new Command(0x01, 100_100_000), new Command(0x05, -12),
                    new Command(0x03, 1), new Command(0x04, 338), new Command(0x08, 1), new Command(0x0e, 0)),
                    server.commands());
            assertEquals(5.0, b.extraMetrics().get("tuner_type"));
            assertEquals(29.0, b.extraMetrics().get("tuner_gains"));
        }
    }

    @Test
    void samplesAreTheServersBytesScaledLikeCu8() throws Exception {
        try (FakeRtlTcpServer server = new FakeRtlTcpServer(R820T, FakeRtlTcpServer.FOREVER)) {
            BlockHarness h = BlockHarness.of(source(server.port(), true, 5)).output(Dtype.CF32, 1).chunk(1001)
                    .maxCalls(40);
            h.run();
            float[] y = h.floats(0);
            assertTrue(y.length >= 2000, "received " + y.length / 2 + " samples");
            for (int k = 0; k < y.length; k++) {
                assertEquals(((k & 0xff) - 127.5f) / 127.5f, y[k], 1e-6, "byte " + k);
            }
            assertEquals(List.of(new Tag(0, "rx_freq", 100.1e6), new Tag(0, "rx_rate", 2.4e6)), h.tags(0));
            waitFor(() -> server.commands().size() >= 4); // the server's command thread may lag on a loaded machine
            assertEquals(new Command(0x03, 0), server.commands().get(3), "tuner AGC: gain mode 0, no gain command");
        }
    }

    @Test
    void runtimeChangesSendCommandsAndRetuneIsTagged() throws Exception {
        try (FakeRtlTcpServer server = new FakeRtlTcpServer(R820T, FakeRtlTcpServer.FOREVER)) {
            Block b = source(server.port(), true, 5);
            BlockHarness h = BlockHarness.of(b).output(Dtype.CF32, 1).chunk(500).maxCalls(30).beforeCall(call -> {
                if (call == 10) {
                    b.applyParam("freq", Value.of(433.92e6));
                    b.applyParam("gain_auto", Value.of(false));
                    b.applyParam("gain", Value.of(12.5));
                    b.applyParam("ppm", Value.of(3L));
                    b.applyParam("agc", Value.of(false));
                }
            });
            h.run();
            waitFor(() -> server.commands().size() >= 12);
            assertEquals(12, server.commands().size(), server.commands() + " after " + h.produced(0) + " samples");
            // after the 6 of the connect (tuner AGC: no gain): switching AGC off sends the manual gain at once
            assertEquals(List.of(new Command(0x01, 433_920_000), new Command(0x03, 1), new Command(0x04, 338),
                    new Command(0x04, 125), new Command(0x05, 3), new Command(0x08, 0)),
                    server.commands().subList(6, 12));
            Tag retune = h.tags(0).get(2);
            assertEquals("rx_freq", retune.key());
            assertEquals(433.92e6, retune.value());
            assertTrue(retune.offset() > 0 && retune.offset() < h.produced(0), "retune tag inside the stream");
            assertThrows(IllegalArgumentException.class, () -> b.applyParam("bias_tee", Value.of(true)));
        }
    }

    @Test
    void aClosedPortIsRefusedClearly() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Block b = source(port, true, 2);
        Exception e = assertThrows(Exception.class, () -> BlockHarness.of(b).output(Dtype.CF32, 1).run());
        assertEquals("rtl_tcp_source 'rtl_tcp_source_0': rtl_tcp at 127.0.0.1:" + port + " refused the connection "
                + "(is rtl_tcp running there? e.g. rtl_tcp -a 127.0.0.1 -p " + port + ")", e.getMessage());
    }

    @Test
    void aServerThatIsNotRtlTcpOrFallsSilentIsNamed() throws Exception {
        try (FakeRtlTcpServer http = new FakeRtlTcpServer("HTTP/1.1 400".getBytes(), FakeRtlTcpServer.SILENT)) {
            Exception e = assertThrows(Exception.class, () -> BlockHarness.of(source(http.port(), true, 2))
                    .output(Dtype.CF32, 1).run());
            assertTrue(e.getMessage().contains("is not an rtl_tcp server: it sent 12 bytes without the 12-byte RTL0"),
                    e.getMessage());
        }
        try (FakeRtlTcpServer silent = new FakeRtlTcpServer(R820T, FakeRtlTcpServer.SILENT)) {
            // sends the header, then nothing, but keeps the connection: silence is noticed after Timeout
            long t0 = System.nanoTime();
            Exception e = assertThrows(Exception.class, () -> BlockHarness.of(source(silent.port(), true, 0.2))
                    .output(Dtype.CF32, 1).run());
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(e.getMessage().endsWith("sent no samples for 0.2 s (is the dongle busy or unplugged?)"),
                    e.getMessage());
            assertTrue(seconds < 3, "gave up after " + seconds + " s");
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 1000 && !condition.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
    }
}

package org.sigflow.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.cli.Main;
import org.sigflow.format.GraphReader;
import org.sigflow.graph.Graph;

/**
 * A graph whose middle block runs on host "gpu": split into two parts joined by ZMQ links, run as two processes on
 * loopback, it writes exactly the bytes the unsplit graph writes in one process — every sample arrives, in order.
 */
class SplitPipelineTest {
    private static final int ITEMS = 1_000_000;
    @TempDir
    Path dir;

    private static String graph(String output) {
        return """
                {
                  "format": "sigflow-graph",
                  "version": 1,
                  "blocks": [
                    {"id": "src", "type": "signal_source", "params": {"type": "cf32", "samp_rate": "1e6", "frequency": "12345"}},
                    {"id": "head", "type": "head", "params": {"type": "cf32", "num_items": "%d"}},
                    {"id": "gain", "type": "multiply_const", "params": {"type": "cf32", "const": "0.5j"}, "host": "gpu"},
                    {"id": "snk", "type": "file_sink", "params": {"file": "'%s'", "format": "cf32_le", "type": "cf32"}}
                  ],
                  "connections": [
                    {"fromBlock": "src", "fromPort": "out", "toBlock": "head", "toPort": "in"},
                    {"fromBlock": "head", "fromPort": "out", "toBlock": "gain", "toPort": "in"},
                    {"fromBlock": "gain", "fromPort": "out", "toBlock": "snk", "toPort": "in"}
                  ]
                }
                """.formatted(ITEMS, output);
    }

    private static Process part(Path file, String part, int port, Path log) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", file.toString(),
                "--part", part, "--base-port", String.valueOf(port), "--hosts", "gpu=127.0.0.1"));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void twoPartsInTwoProcessesWriteWhatTheWholeGraphWrites() throws Exception {
        Path whole = dir.resolve("whole.graph");
        Files.writeString(whole, graph("whole.cf32"));
        Path split = dir.resolve("split.graph");
        Files.writeString(split, graph("split.cf32"));
        // the reference: the same graph in one process (the host is only a placement)
        assertEquals(0, Main.run(List.of("run", whole.toString()), System.out, System.err));

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process gpu = part(split, "gpu", port, dir.resolve("gpu.log"));
        Process local = part(split, "local", port, dir.resolve("local.log"));
        assertTrue(local.waitFor(60, TimeUnit.SECONDS), "local part did not end");
        assertTrue(gpu.waitFor(20, TimeUnit.SECONDS), "gpu part did not end");
        String logs = Files.readString(dir.resolve("local.log")) + Files.readString(dir.resolve("gpu.log"));
        assertEquals(0, local.exitValue(), logs);
        assertEquals(0, gpu.exitValue(), logs);
        byte[] expected = Files.readAllBytes(dir.resolve("whole.cf32"));
        assertEquals(8L * ITEMS, expected.length);
        assertArrayEquals(expected, Files.readAllBytes(dir.resolve("split.cf32")));
    }

    @Test
    void splitWritesOnePartFilePerHostWithItsLinks() throws Exception {
        Path split = dir.resolve("p.graph");
        Files.writeString(split, graph("p.cf32"));
        assertEquals(0, Main.run(List.of("split", split.toString(), "--base-port", "7000"), System.out, System.err));
        Graph local = new GraphReader().read(dir.resolve("p.local.graph")).graph();
        Graph gpu = new GraphReader().read(dir.resolve("p.gpu.graph")).graph();
        assertEquals(List.of("src", "head", "snk", "link0_to_gpu", "link1_from_gpu"),
                local.blocks().stream().map(b -> b.id()).toList());
        assertEquals(List.of("gain", "link0_from_local", "link1_to_local"),
                gpu.blocks().stream().map(b -> b.id()).toList());
        // the sender connects to the receiving part's address, which the receiver binds
        assertEquals("'tcp://gpu:7000'", local.block("link0_to_gpu").orElseThrow().params().get("address"));
        assertEquals("false", local.block("link0_to_gpu").orElseThrow().params().get("bind"));
        assertEquals("'tcp://127.0.0.1:7001'", local.block("link1_from_gpu").orElseThrow().params().get("address"));
        assertEquals("true", local.block("link1_from_gpu").orElseThrow().params().get("bind"));
        assertEquals("zmq_pull_source", gpu.block("link0_from_local").orElseThrow().type());
        assertTrue(Files.readString(dir.resolve("p.gpu.graph")).indexOf("\"host\"") < 0);
    }

    @Test
    void aMessageEdgeAcrossHostsIsRefusedByName() throws Exception {
        Path file = dir.resolve("m.graph");
        Files.writeString(file, """
                {
                  "format": "sigflow-graph",
                  "version": 1,
                  "blocks": [
                    {"id": "strobe", "type": "message_strobe", "params": {}},
                    {"id": "dbg", "type": "message_debug", "params": {}, "host": "gpu"}
                  ],
                  "connections": [{"fromBlock": "strobe", "fromPort": "strobe", "toBlock": "dbg", "toPort": "print"}]
                }
                """);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = Main.run(List.of("split", file.toString()), System.out, new java.io.PrintStream(err, true));
        assertTrue(code != 0);
        assertTrue(err.toString().contains("connection strobe:strobe → dbg:print is a message connection between two "
                + "parts; message edges cannot cross hosts yet"), err.toString());
    }
}

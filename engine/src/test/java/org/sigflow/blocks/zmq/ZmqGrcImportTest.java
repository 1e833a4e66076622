package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.BlockInstance;
import org.sigflow.grc.ImportResult;
import org.sigflow.session.Engine;

/** A GNU Radio 3.10 flowgraph with gr-zeromq blocks imports completely onto the zmq_* blocks. */
class ZmqGrcImportTest {
    @TempDir
    Path tmp;

    private static String block(String name, String id, String params) {
        return "- name: " + name + "\n  id: " + id + "\n  parameters:\n    affinity: ''\n    alias: ''\n"
                + "    comment: ''\n    maxoutbuf: '0'\n    minoutbuf: '0'\n" + params
                + "  states:\n    coordinate: [16, 120]\n    rotation: 0\n    state: enabled\n";
    }

    @Test
    void pullAndPubImportWithEveryParam() throws Exception {
        String grc = "options:\n  parameters:\n    id: relay\n    title: Relay\n    generate_options: no_gui\n"
                + "  states:\n    coordinate: [8, 8]\n    rotation: 0\n    state: enabled\n\nblocks:\n"
                + block("zeromq_pull_source_0", "zeromq_pull_source", "    address: tcp://127.0.0.1:5555\n"
                        + "    hwm: '-1'\n    pass_tags: 'True'\n    timeout: '100'\n    type: complex\n"
                        + "    vlen: '1'\n    bind: 'False'\n")
                + block("zeromq_pub_sink_0", "zeromq_pub_sink", "    address: '''tcp://*:5556'''\n"
                        + "    drop_on_hwm: 'False'\n    hwm: '10'\n    key: rx\n    pass_tags: 'True'\n"
                        + "    timeout: '100'\n    type: short\n    vlen: '4'\n    bind: 'True'\n")
                + "\nconnections:\n- [zeromq_pull_source_0, '0', zeromq_pub_sink_0, '0']\n\nmetadata:\n"
                + "  file_format: 1\n  grc_version: 3.10.5.1\n";
        Path file = tmp.resolve("relay.grc");
        Files.writeString(file, grc);
        ImportResult r = Engine.loadDefault().grcImporter().importFile(file);
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        Map<String, String> types = new TreeMap<>();
        for (BlockInstance b : r.graph().blocks()) {
            types.put(b.id(), b.type() + " " + new TreeMap<>(b.params()));
        }
        assertEquals(Map.of(
                "zeromq_pub_sink_0", "zmq_pub_sink {address='tcp://*:5556', bind=True, drop_on_hwm=block, hwm=10, "
                        + "key='rx', pass_tags=True, timeout=100, type=s16, vlen=4}",
                "zeromq_pull_source_0", "zmq_pull_source {address='tcp://127.0.0.1:5555', bind=False, hwm=-1, "
                        + "pass_tags=True, timeout=100, type=cf32, vlen=1}"), types);
    }
}

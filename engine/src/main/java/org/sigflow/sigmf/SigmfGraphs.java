package org.sigflow.sigmf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;
import org.sigflow.graph.ViewLayout;

/**
 * A ready graph for a SigMF recording, as the designer opens a {@code .sigmf-meta}: the recording (repeating)
 * through a throttle at its own rate into a spectrum and a waterfall, with {@code samp_rate} and
 * {@code center_freq} variables taken from the metadata so every block that names them follows.
 */
public final class SigmfGraphs {
    /** The sample rate used when the recording does not say (SigMF makes it optional). */
    public static final double UNKNOWN_RATE = 1e6;

    private SigmfGraphs() {}

    public static Graph forRecording(Path file) throws SigmfException, IOException {
        SigmfRecording rec = SigmfRecording.open(file);
        SigmfMetadata m = rec.meta();
        String type = m.datatype().complex() ? "cf32" : "f32";
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("samp_rate", number(Double.isNaN(m.sampleRate()) ? UNKNOWN_RATE : m.sampleRate()));
        vars.put("center_freq", number(Double.isNaN(m.centerFrequency()) ? 0 : m.centerFrequency()));
        vars.put("recording", "'" + file.toAbsolutePath().normalize().toString().replace("\\", "\\\\")
                .replace("'", "\\'") + "'");
        String name = SigmfRecording.base(file).getFileName().toString();
        String description = "SigMF recording " + file.getFileName() + ": " + m.datatype().id() + ", "
                + rec.samples() + " samples" + (Double.isNaN(m.sampleRate()) ? " (no sample rate in the metadata: "
                + "samp_rate assumed " + number(UNKNOWN_RATE) + ")" : "") + (m.description() == null ? ""
                : ". " + m.description());
        List<BlockInstance> blocks = List.of(
                block("recording", "sigmf_source", 40, 120, Map.of("file", "recording", "type", type,
                        "channel", "0", "repeat", "True")),
                block("throttle", "throttle", 300, 120, Map.of("type", type, "samples_per_second", "samp_rate",
                        "vlen", "1")),
                display("spectrum", "spectrum_sink", 560, 40, type),
                display("waterfall", "waterfall_sink", 560, 220, type));
        List<Connection> connections = List.of(
                new Connection("recording", "out", "throttle", "in"),
                new Connection("throttle", "out", "spectrum", "in"),
                new Connection("throttle", "out", "waterfall", "in"));
        List<ViewLayout> views = List.of(
                new ViewLayout("spectrum", "spectrum", "spectrum", 10, 10, 560, 320, Map.of()),
                new ViewLayout("waterfall", "waterfall", "waterfall", 580, 10, 560, 320, Map.of()));
        return new Graph(new Metadata(name, description, m.author() == null ? "" : m.author()), vars, blocks,
                connections, views);
    }

    private static BlockInstance display(String id, String type, double x, double y, String io) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("type", io);
        p.put("samp_rate", "samp_rate");
        p.put("center_freq", "center_freq");
        return block(id, type, x, y, p);
    }

    private static BlockInstance block(String id, String type, double x, double y, Map<String, String> params) {
        return new BlockInstance(id, type, params, BlockState.ENABLED, x, y, 0, null);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

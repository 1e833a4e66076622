package org.sigflow.app.views;

import java.util.Map;

/**
 * The timing view's note on where a GPU block runs, from its metrics ({@code DeviceMetrics} in the engine):
 * "GPU 1", and for inputs written on another GPU how they cross, chosen at start: "GPU 1 ⇐ peer" (peer to peer) or
 * "GPU 1 ⇐ via host" (staged through pinned host memory). Empty for CPU blocks.
 */
final class GpuNote {
    private GpuNote() {}

    static String of(Map<String, Double> extra) {
        Double device = extra.get("device");
        if (device == null) {
            return "";
        }
        String note = "GPU " + device.intValue();
        if (extra.getOrDefault("crossing_peer", 0.0) > 0) {
            note += " ⇐ peer";
        }
        if (extra.getOrDefault("crossing_staged", 0.0) > 0) {
            note += " ⇐ via host";
        }
        return note;
    }
}

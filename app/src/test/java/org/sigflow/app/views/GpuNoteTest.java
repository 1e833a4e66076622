package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The timing view names a GPU block's device and how its inputs from another GPU cross. */
class GpuNoteTest {
    @Test
    void deviceAndCrossing() {
        assertEquals("", GpuNote.of(Map.of("kernel_ms", 3.0)), "CPU blocks (no device) get no note");
        assertEquals("GPU 0", GpuNote.of(Map.of("device", 0.0)));
        assertEquals("GPU 1 ⇐ peer", GpuNote.of(Map.of("device", 1.0, "crossing_peer", 1.0, "crossing_mb", 4.1)));
        assertEquals("GPU 0 ⇐ via host", GpuNote.of(Map.of("device", 0.0, "crossing_staged", 2.0)));
    }
}

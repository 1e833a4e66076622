package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ZeroedSpanTest {

    @Test
    void growsOnlyByTouchingSpans() {
        ZeroedSpan z = new ZeroedSpan();
        assertFalse(z.covers(0, 1), "nothing known at first");
        z.add(100, 50);
        assertTrue(z.covers(100, 50));
        assertFalse(z.covers(99, 2), "one element below");
        assertFalse(z.covers(149, 2), "one element above");
        z.add(150, 100); // touches: [100, 250)
        assertTrue(z.covers(120, 130));
        z.add(0, 100); // the ring's start after a wrap: [0, 250)
        assertTrue(z.covers(0, 250));
        z.add(400, 10); // disjoint and smaller: ignored, never claimed
        assertFalse(z.covers(400, 10));
        assertTrue(z.covers(0, 250));
        z.add(300, 1000); // disjoint and larger: replaces
        assertTrue(z.covers(300, 1000));
        assertFalse(z.covers(0, 10));
    }
}

package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ComplexOpsTest {

    @Test
    void magnitudeDoesNotOverflowOrUnderflow() {
        float[] x = {3e30f, 4e30f, 3e-30f, 4e-30f};
        float[] y = new float[2];
        ComplexOps.magnitude(x, 0, y, 0, 2);
        assertEquals(5e30f, y[0], 1e24f);
        assertEquals(5e-30f, y[1], 1e-36f);
    }

    @Test
    void integerPowerBySquaring() {
        assertEquals(Math.pow(1.7, 13), ComplexOps.powInt(1.7, 13), 1e-9);
        assertEquals(1.0, ComplexOps.powInt(3.0, 0));
    }

    @Test
    void wrapPhaseKeepsMinusPiToPi() {
        assertEquals(-Math.PI, ComplexOps.wrapPhase(Math.PI), 1e-15);
        assertEquals(0.5, ComplexOps.wrapPhase(0.5 + 6 * Math.PI), 1e-12);
        assertEquals(-0.5, ComplexOps.wrapPhase(-0.5 - 10 * Math.PI), 1e-12);
    }
}

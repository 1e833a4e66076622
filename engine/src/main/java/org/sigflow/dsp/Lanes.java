package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;

/**
 * Horizontal sums of a vector in a fixed order (lane 0 first). {@code FloatVector.reduceLanes(ADD)} leaves the order
 * unspecified and its interpreted and compiled forms differ, which would make output bits depend on JIT warm-up.
 */
final class Lanes {
    private Lanes() {}

    /** Sum of all lanes, in lane order; {@code scratch} holds at least the vector's length. */
    static float sum(FloatVector v, float[] scratch) {
        v.intoArray(scratch, 0);
        float s = 0;
        for (int i = 0; i < v.length(); i++) {
            s += scratch[i];
        }
        return s;
    }

    /** Sum of lanes 0, 2, 4, … of a vector stored in {@code lanes}. */
    static float sumEven(float[] lanes) {
        float s = 0;
        for (int i = 0; i < lanes.length; i += 2) {
            s += lanes[i];
        }
        return s;
    }

    /** Sum of lanes 1, 3, 5, … of a vector stored in {@code lanes}. */
    static float sumOdd(float[] lanes) {
        float s = 0;
        for (int i = 1; i < lanes.length; i += 2) {
            s += lanes[i];
        }
        return s;
    }
}

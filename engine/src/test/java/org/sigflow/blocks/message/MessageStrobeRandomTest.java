package org.sigflow.blocks.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The delays of message_strobe_random against the moments of their distributions (20,000 seeded draws each; the
 * tolerances are several standard errors): Poisson mean and variance = mean, Gaussian (mean, std), uniform
 * [mean − std, mean + std], exponential mean = std = mean. No clock is involved.
 */
class MessageStrobeRandomTest {
    private static final int N = 20_000;

    private static double[] moments(DoubleSupplier s) {
        double sum = 0;
        double sq = 0;
        double min = Double.MAX_VALUE;
        for (int i = 0; i < N; i++) {
            double v = s.getAsDouble();
            sum += v;
            sq += v * v;
            min = Math.min(min, v);
        }
        double mean = sum / N;
        return new double[] {mean, Math.sqrt(sq / N - mean * mean), min};
    }

    @Test
    void delaysFollowTheirDistribution() {
        double[] p = moments(MessageStrobeRandom.delays("poisson", 100, 0, 1));
        assertEquals(100, p[0], 0.5);
        assertEquals(10, p[1], 0.3);
        double[] g = moments(MessageStrobeRandom.delays("gaussian", 200, 40, 2));
        assertEquals(200, g[0], 1.5);
        assertEquals(40, g[1], 1.0);
        double[] u = moments(MessageStrobeRandom.delays("uniform", 100, 30, 3));
        assertEquals(100, u[0], 0.5);
        assertEquals(30 / Math.sqrt(3), u[1], 0.5);
        assertTrue(u[2] >= 70);
        double[] e = moments(MessageStrobeRandom.delays("exponential", 50, 0, 4));
        assertEquals(50, e[0], 1.5);
        assertEquals(50, e[1], 2.0);
        assertTrue(e[2] >= 0);
        double[] clipped = moments(MessageStrobeRandom.delays("gaussian", 10, 100, 5));
        assertEquals(0, clipped[2], 0, "negative draws become 0");
    }
}

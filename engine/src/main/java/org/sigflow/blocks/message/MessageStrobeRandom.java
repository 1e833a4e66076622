package org.sigflow.blocks.message;

import com.google.auto.service.AutoService;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code message_strobe_random}: posts its message on {@code strobe} after random delays in milliseconds, as GNU
 * Radio's: Poisson with mean {@code mean}, Gaussian (mean, std), uniform on [mean − std, mean + std], or exponential
 * with mean {@code mean}; negative draws become 0. Seeded, so the delays are reproducible.
 */
@AutoService(BlockFactory.class)
public final class MessageStrobeRandom implements BlockFactory {

    @Override
    public String id() {
        return "message_strobe_random";
    }

    @Override
    public Block create(BlockSetup setup) {
        DoubleSupplier ms = delays(setup.string("dist"), setup.real("mean"), setup.real("std"), setup.longValue("seed"));
        return new MessageStrobe.Strobe(MessageStrobe.message(setup), () -> (long) (ms.getAsDouble() * 1e6));
    }

    /** Delays in ms of a distribution, from a seeded generator. */
    static DoubleSupplier delays(String dist, double mean, double std, long seed) {
        if (!(mean >= 0) || !(std >= 0)) {
            throw new IllegalArgumentException("mean and std must be at least 0 ms, got " + mean + " and " + std);
        }
        SplittableRandom r = new SplittableRandom(seed);
        return switch (dist) {
            case "poisson" -> () -> poisson(r, mean);
            case "gaussian" -> () -> Math.max(0, mean + std * gaussian(r));
            case "uniform" -> () -> Math.max(0, mean - std + 2 * std * r.nextDouble());
            case "exponential" -> () -> -mean * Math.log(1 - r.nextDouble());
            default -> throw new IllegalArgumentException("unknown distribution '" + dist + "'");
        };
    }

    private static double gaussian(SplittableRandom r) {
        double u = 1 - r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /** Knuth's method for small means, a rounded normal approximation for large ones. */
    private static double poisson(SplittableRandom r, double mean) {
        if (mean > 500) {
            return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(r)));
        }
        double limit = Math.exp(-mean);
        double p = 1;
        int k = 0;
        do {
            k++;
            p *= r.nextDouble();
        } while (p > limit);
        return k - 1;
    }
}

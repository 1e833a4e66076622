package org.sigflow.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A block's relative rate as an exact fraction (GNU Radio's {@code set_relative_rate(interpolation, decimation)}),
 * and GNU Radio 3.10's placement of a propagated tag: {@code floor(offset * rate + 1/2)}, computed exactly (its
 * {@code propagate_tags} multiplies by the rate as a GMP rational, adds one half and truncates), so a tag that falls
 * halfway between two output items goes to the later one.
 */
public record RateFraction(long interpolation, long decimation) {
    private static final BigDecimal HALF = new BigDecimal("0.5");

    public RateFraction {
        if (interpolation <= 0 || decimation <= 0) {
            throw new IllegalArgumentException("relative rate " + interpolation + "/" + decimation
                    + " must have a positive interpolation and decimation");
        }
    }

    /** The output offset of a tag at input {@code offset}: floor(offset * interpolation / decimation + 1/2). */
    public long scale(long offset) {
        if (interpolation == decimation) {
            return offset;
        }
        try {
            long twice = Math.addExact(Math.multiplyExact(Math.multiplyExact(2, offset), interpolation), decimation);
            return Math.floorDiv(twice, Math.multiplyExact(2, decimation));
        } catch (ArithmeticException overflow) {
            BigInteger d = BigInteger.valueOf(decimation);
            return BigInteger.valueOf(offset).multiply(BigInteger.valueOf(interpolation)).shiftLeft(1).add(d)
                    .divide(d.shiftLeft(1)).longValueExact();
        }
    }

    /**
     * The same rule for a rate known only as a double, taken at its exact binary value (GNU Radio's
     * {@code set_relative_rate(double)} stores {@code mpq_class(rate)}).
     */
    public static long scale(long offset, double rate) {
        if (rate == 1.0) {
            return offset;
        }
        return new BigDecimal(offset).multiply(new BigDecimal(rate)).add(HALF).setScale(0, RoundingMode.FLOOR)
                .longValueExact();
    }
}

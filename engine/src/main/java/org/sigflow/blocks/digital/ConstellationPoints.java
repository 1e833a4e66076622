package org.sigflow.blocks.digital;

import java.util.Locale;

/** GNU Radio's points of its preset constellation objects, for code outside the blocks (the GRC import). */
public final class ConstellationPoints {
    private ConstellationPoints() {}

    /**
     * The points of {@code digital.constellation_<name>()} ({@code bpsk}, {@code qpsk}, {@code dqpsk}, {@code 8psk},
     * {@code 16qam}) as interleaved (re, im) float32 in GNU Radio's order; null for another name.
     */
    public static float[] preset(String name) {
        Constellation.Kind kind = switch (name.toLowerCase(Locale.ROOT)) {
            case "bpsk" -> Constellation.Kind.BPSK;
            case "qpsk" -> Constellation.Kind.QPSK;
            case "dqpsk" -> Constellation.Kind.DQPSK;
            case "8psk" -> Constellation.Kind.PSK8;
            case "16qam" -> Constellation.Kind.QAM16;
            default -> null;
        };
        return kind == null ? null : Constellation.of(kind).points.clone();
    }

    /** {@code constellation_calcdist}'s normalisation of {@code points} (interleaved), as GNU Radio's constructor. */
    public static float[] normalized(float[] points, String normalization) {
        return Constellation.calcdist(points, new int[0], 1, normalization, "constellation").points;
    }
}

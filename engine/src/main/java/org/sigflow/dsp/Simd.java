package org.sigflow.dsp;

/**
 * Whether the kernels use the Vector API: when the {@code jdk.incubator.vector} module is present and the system
 * property {@code sigflow.simd=false} does not turn it off. Each vectorised kernel keeps a scalar twin computing the
 * same values (tests check they agree).
 */
public final class Simd {
    public static final boolean ENABLED = wanted() && present();

    private Simd() {}

    private static boolean wanted() {
        return !"false".equalsIgnoreCase(System.getProperty("sigflow.simd", "true"));
    }

    private static boolean present() {
        try {
            return jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.length() >= 2;
        } catch (Throwable e) { // module not added to the JVM
            return false;
        }
    }
}

package org.sigflow.message;

import java.util.List;

/** Builds uniform vectors from numbers and reads their elements as numbers, whatever the kind. */
public final class Uniforms {
    private Uniforms() {}

    /** A uniform vector of {@code kind} from (re, im) pairs (integers truncate, as C casts do). */
    public static Pmt.Uniform of(UniformKind kind, List<double[]> values) {
        int n = values.size();
        Object data = switch (kind) {
            case U8, S8 -> {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) (long) values.get(i)[0];
                }
                yield a;
            }
            case U16, S16 -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) (long) values.get(i)[0];
                }
                yield a;
            }
            case U32, S32 -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (int) (long) values.get(i)[0];
                }
                yield a;
            }
            case U64, S64 -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (long) values.get(i)[0];
                }
                yield a;
            }
            case F32 -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (float) values.get(i)[0];
                }
                yield a;
            }
            case F64 -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = values.get(i)[0];
                }
                yield a;
            }
            case C32 -> {
                float[] a = new float[2 * n];
                for (int i = 0; i < n; i++) {
                    a[2 * i] = (float) values.get(i)[0];
                    a[2 * i + 1] = (float) values.get(i)[1];
                }
                yield a;
            }
            case C64 -> {
                double[] a = new double[2 * n];
                for (int i = 0; i < n; i++) {
                    a[2 * i] = values.get(i)[0];
                    a[2 * i + 1] = values.get(i)[1];
                }
                yield a;
            }
        };
        return new Pmt.Uniform(kind, data);
    }
}

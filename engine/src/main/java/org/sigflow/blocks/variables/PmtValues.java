package org.sigflow.blocks.variables;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;

/** A message's value as the SigFlow literal of what GNU Radio's {@code pmt.to_python} makes of it. */
final class PmtValues {
    private PmtValues() {}

    /**
     * @throws IllegalArgumentException for nil, a dictionary, a pair or a blob: no SigFlow variable holds one
     */
    static String expression(Pmt p) {
        return switch (p) {
            case Pmt.Int i -> Value.of(i.value()).display();
            case Pmt.UInt64 u -> u.bits() >= 0 ? Value.of(u.bits()).display()
                    : Value.of((u.bits() >>> 1) * 2.0 + (u.bits() & 1)).display(); // above 2^63: as a real
            case Pmt.Real r -> Value.of(r.value()).display();
            case Pmt.Complex c -> Value.of(c.re(), c.im()).display();
            case Pmt.Bool b -> Value.of(b.value()).display();
            case Pmt.Symbol s -> Value.of(s.name()).display();
            case Pmt.Vector v -> list(v.items());
            case Pmt.Tuple t -> list(t.items());
            case Pmt.Uniform u -> uniform(u);
            default -> throw new IllegalArgumentException("a " + p.getClass().getSimpleName().toLowerCase(
                    java.util.Locale.ROOT) + " is not a value a SigFlow variable holds");
        };
    }

    private static String list(List<Pmt> items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(expression(i)));
        return "[" + String.join(", ", out) + "]";
    }

    /** A uniform vector as a list (GNU Radio gives a numpy array); unsigned kinds by their value. */
    private static String uniform(Pmt.Uniform u) {
        Object data = u.data();
        boolean unsigned = u.kind().id().startsWith("u");
        List<String> out = new ArrayList<>();
        int n = Array.getLength(data);
        for (int k = 0; k < n; k += u.kind().complex() ? 2 : 1) {
            Value v = switch (data) {
                case byte[] b -> Value.of(unsigned ? b[k] & 0xffL : b[k]);
                case short[] s -> Value.of(unsigned ? s[k] & 0xffffL : s[k]);
                case int[] i -> Value.of(unsigned ? i[k] & 0xffffffffL : i[k]);
                case long[] l -> Value.of(l[k]);
                case float[] f -> u.kind().complex() ? Value.of(f[k], f[k + 1]) : Value.of(f[k]);
                case double[] d -> u.kind().complex() ? Value.of(d[k], d[k + 1]) : Value.of(d[k]);
                default -> throw new IllegalArgumentException("a uniform vector of " + u.kind().id());
            };
            out.add(v.display());
        }
        return "[" + String.join(", ", out) + "]";
    }
}

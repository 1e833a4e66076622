package org.sigflow.expr;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.dsp.FilterKind;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.PfbPrototypes;
import org.sigflow.dsp.RootRaisedCosine;
import org.sigflow.dsp.WindowType;
import org.sigflow.expr.Value.ListValue;
import org.sigflow.expr.Value.Real;

/**
 * Filter designs GNU Radio flowgraphs compute their taps with, as functions of the language (GRC's
 * {@code firdes.root_raised_cosine(...)}, {@code firdes.low_pass_2(...)}, {@code firdes.low_pass(...)} etc. import as
 * these): each returns the taps
 * as a list of reals, exactly as GNU Radio designs them.
 */
final class TapDesigns {
    private TapDesigns() {}

    /** {@code root_raised_cosine(gain, samp_rate, sym_rate, alpha, ntaps)}. */
    static Value rootRaisedCosine(List<Value> a) {
        long ntaps = Functions.count("root_raised_cosine", a.get(4));
        Arithmetic.checkSize(ntaps, "root_raised_cosine()", "taps");
        try {
            return list(RootRaisedCosine.taps(real("root_raised_cosine", a.get(0)), real("root_raised_cosine",
                    a.get(1)), real("root_raised_cosine", a.get(2)), real("root_raised_cosine", a.get(3)), (int) ntaps));
        } catch (IllegalArgumentException e) {
            throw new EvalError("root_raised_cosine(): " + e.getMessage());
        }
    }

    /** {@code low_pass_2(gain, samp_rate, cutoff, transition_width, attenuation_db[, window[, beta]])}. */
    static Value lowPass2(List<Value> a) {
        String name = "low_pass_2";
        double fs = real(name, a.get(1));
        double tw = real(name, a.get(3));
        double atten = real(name, a.get(4));
        double ntaps = atten * fs / (22.0 * tw);
        if (!(ntaps < Long.MAX_VALUE)) {
            throw new EvalError(name + "() needs a transition width above 0, got " + tw);
        }
        Arithmetic.checkSize((long) ntaps + 1, name + "()", "taps");
        WindowType window = a.size() > 5 ? window(name, a.get(5)) : WindowType.HAMMING;
        double beta = a.size() > 6 ? real(name, a.get(6)) : 6.76;
        try {
            return list(PfbPrototypes.lowPass2(real(name, a.get(0)), fs, real(name, a.get(2)), tw, atten, window,
                    beta));
        } catch (IllegalArgumentException e) {
            throw new EvalError(name + "(): " + e.getMessage());
        }
    }

    /**
     * GNU Radio's window-method designs: {@code low_pass(gain, samp_rate, cutoff, transition_width[, window[, beta]])},
     * {@code high_pass} likewise, {@code band_pass(gain, samp_rate, low, high, transition_width[, window[, beta]])},
     * {@code band_reject} likewise (window default {@code 'hamming'}, beta 6.76, as {@code firdes}'s).
     */
    static Value windowed(String name, FilterKind kind, List<Value> a) {
        int edges = kind.twoEdges() ? 2 : 1;
        int rest = 3 + edges;                               // index of the window argument
        double fs = real(name, a.get(1));
        double tw = real(name, a.get(2 + edges));
        WindowType window = a.size() > rest ? window(name, a.get(rest)) : WindowType.HAMMING;
        double beta = a.size() > rest + 1 ? real(name, a.get(rest + 1)) : 6.76;
        try {
            double[] h = Firdes.design(kind, real(name, a.get(0)), fs, real(name, a.get(2)),
                    edges == 2 ? real(name, a.get(3)) : 0, tw, window, beta, 0);
            return list(Firdes.toFloat(h));
        } catch (IllegalArgumentException e) {
            throw new EvalError(name + "(): " + e.getMessage());
        }
    }

    private static WindowType window(String name, Value v) {
        if (!(v instanceof Value.Str s)) {
            throw new EvalError(name + "() needs a window name ('hamming', 'kaiser', …), got " + v.describe());
        }
        try {
            return WindowType.fromId(s.value());
        } catch (IllegalArgumentException e) {
            throw new EvalError(name + "(): " + e.getMessage());
        }
    }

    /** {@code firdes_window(window, ntaps[, beta])}: GNU Radio's {@code firdes.window} (float32 values). */
    static Value windowTaps(List<Value> a) {
        String name = "firdes_window";
        if (!(a.get(0) instanceof Value.Str s)) {
            throw new EvalError(name + "() needs a window name ('hann', 'hamming', …), got " + a.get(0).describe());
        }
        long n = Functions.count(name, a.get(1));
        if (n < 1) {
            throw new EvalError(name + "() needs at least 1 tap, got " + n);
        }
        Arithmetic.checkSize(n, name + "()", "taps");
        try {
            double[] w = WindowType.fromId(s.value()).make((int) n, a.size() > 2 ? real(name, a.get(2)) : 6.76);
            float[] taps = new float[w.length];
            for (int i = 0; i < w.length; i++) {
                taps[i] = (float) w[i];
            }
            return list(taps);
        } catch (IllegalArgumentException e) {
            throw new EvalError(name + "(): " + e.getMessage());
        }
    }

    private static double real(String name, Value v) {
        if (!v.isNumber()) {
            throw new EvalError(name + "() needs a real number, got " + v.describe());
        }
        return v.asDouble();
    }

    private static Value list(float[] taps) {
        List<Value> items = new ArrayList<>(taps.length);
        for (float t : taps) {
            items.add(new Real(t));
        }
        return new ListValue(items);
    }
}

package org.sigflow.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.sigflow.expr.Value.ListValue;
import org.sigflow.expr.Value.Real;

/**
 * numpy array helpers on SigFlow's flat lists, for GRC values such as {@code np.kron(np.ones(cols), np.arange(rows))}
 * and {@code np.reshape(x, (rows, cols)).T.flatten()}: {@code ones}, {@code zeros}, {@code kron} (1-D) and
 * {@code transpose_flat}. Results are what numpy gives, flattened.
 */
final class ArrayFunctions {
    private ArrayFunctions() {}

    /** numpy's {@code ones(n)} / {@code zeros(n)}: n reals; a shape list gives the product of its sizes. */
    static Value filled(String name, Value shape, double value) {
        long n = 1;
        for (Value v : shape instanceof ListValue l ? l.items() : List.of(shape)) {
            long k = Functions.count(name, v);
            if (k < 0) {
                throw new EvalError(name + "() needs sizes of at least 0, got " + k);
            }
            n = Math.multiplyHigh(n, k) != 0 ? Long.MAX_VALUE : n * k;
        }
        Arithmetic.checkSize(n, name + "()", "elements");
        return new ListValue(Collections.nCopies((int) n, new Real(value)));
    }

    /** numpy's {@code kron(a, b)} of two 1-D arrays (a number counts as one element): {@code a[i] * b[j]} at i·len(b)+j. */
    static Value kron(Value a, Value b) {
        List<Value> x = items("kron", a);
        List<Value> y = items("kron", b);
        Arithmetic.checkSize((long) x.size() * y.size(), "kron()", "elements");
        List<Value> out = new ArrayList<>(x.size() * y.size());
        for (Value xi : x) {
            for (Value yj : y) {
                out.add(Arithmetic.binary(BinaryOp.MUL, xi, yj));
            }
        }
        return new ListValue(commonType(out));
    }

    /**
     * {@code transpose_flat(x, [rows, cols])}: numpy's {@code reshape(x, (rows, cols)).T.flatten()}, i.e. x read row
     * by row into a rows × cols matrix and read out column by column. One size may be -1 (inferred, as numpy).
     */
    static Value transposeFlat(Value list, Value shape) {
        List<Value> x = items("transpose_flat", list);
        if (!(shape instanceof ListValue s) || s.items().size() != 2) {
            throw new EvalError("transpose_flat() needs a shape [rows, cols], got " + shape.describe());
        }
        long rows = Functions.count("transpose_flat", s.items().get(0));
        long cols = Functions.count("transpose_flat", s.items().get(1));
        if (rows == -1 && cols > 0 && x.size() % cols == 0) {
            rows = x.size() / cols;
        } else if (cols == -1 && rows > 0 && x.size() % rows == 0) {
            cols = x.size() / rows;
        }
        if (rows < 0 || cols < 0 || rows * cols != x.size()) {
            throw new EvalError("transpose_flat() cannot reshape " + x.size() + " elements into [" + rows + ", "
                    + cols + "]");
        }
        List<Value> out = new ArrayList<>(x.size());
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                out.add(x.get((int) (i * cols + j)));
            }
        }
        return new ListValue(out);
    }

    /** numpy arrays have one element type: with a complex element all are complex, else with a real all are real. */
    private static List<Value> commonType(List<Value> v) {
        boolean complex = v.stream().anyMatch(x -> x instanceof Value.Complex);
        boolean real = v.stream().anyMatch(x -> x instanceof Real);
        if (!complex && !real) {
            return v;
        }
        return v.stream().map(x -> complex ? Value.of(x.re(), x.im()) : Value.of(x.asDouble())).toList();
    }

    private static List<Value> items(String name, Value v) {
        if (v instanceof ListValue l) {
            return l.items();
        }
        if (!v.isNumeric()) {
            throw new EvalError(name + "() needs a list or a number, got " + v.describe());
        }
        return List.of(v);
    }
}

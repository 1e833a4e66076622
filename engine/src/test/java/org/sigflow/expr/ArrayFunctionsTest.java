package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sigflow.expr.ExprAssertions.assertError;
import static org.sigflow.expr.ExprAssertions.eval;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ones, zeros, kron and transpose_flat against numpy's values (tools/reference/gen_numpy_arrays.py); exact. */
class ArrayFunctionsTest {
    private static Value ints(long... v) {
        List<Value> items = new ArrayList<>();
        for (long x : v) {
            items.add(Value.of(x));
        }
        return new Value.ListValue(items);
    }

    private static Value reals(double... v) {
        List<Value> items = new ArrayList<>();
        for (double x : v) {
            items.add(Value.of(x));
        }
        return new Value.ListValue(items);
    }

    @Test
    void reshapeTransposeFlattenReadsColumnByColumn() {
        // np.reshape(np.arange(64), (4, 16)).T.flatten() (GNU Radio's block_interleaver.grc)
        long[] numpy = {0, 16, 32, 48, 1, 17, 33, 49, 2, 18, 34, 50, 3, 19, 35, 51, 4, 20, 36, 52, 5, 21, 37, 53, 6, 22,
                38, 54, 7, 23, 39, 55, 8, 24, 40, 56, 9, 25, 41, 57, 10, 26, 42, 58, 11, 27, 43, 59, 12, 28, 44, 60, 13,
                29, 45, 61, 14, 30, 46, 62, 15, 31, 47, 63};
        assertEquals(ints(numpy), eval("transpose_flat(arange(64), [4, 16])"));
        assertEquals(ints(0, 2, 4, 1, 3, 5), eval("transpose_flat(arange(6), [-1, 2])"));
        assertError("transpose_flat() cannot reshape 6 elements into [4, 2]", -2, "transpose_flat(arange(6), [4, 2])");
        assertError("transpose_flat() needs a shape [rows, cols], got integer 6", -2, "transpose_flat(arange(6), 6)");
    }

    @Test
    void kronOfOneDimensionalArrays() {
        // np.kron(np.ones(cols), np.arange(rows)) with cols 3, rows 4 (GNU Radio's matrix_interleaver.grc)
        assertEquals(reals(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3), eval("kron(ones(3), arange(4))"));
        assertEquals(ints(3, 4, 6, 8), eval("kron([1, 2], [3, 4])"));
        assertEquals(new Value.ListValue(List.of(Value.of(1.0, 0.0), Value.of(0.0, 1.0), Value.of(2.0, 0.0),
                Value.of(0.0, 2.0))), eval("kron([1, 2], [1, 1j])"));
        assertError("kron() needs a list or a number, got string 'a'", -2, "kron('a', [1])");
    }

    @Test
    void onesAndZerosAreReals() {
        assertEquals(reals(1, 1, 1, 1, 1, 1), eval("ones([2, 3])"));
        assertEquals(reals(0, 0), eval("zeros(2)"));
        assertEquals(reals(), eval("zeros(0)"));
        assertError("ones() needs sizes of at least 0, got -1", -2, "ones(-1)");
        assertError("ones() would be too long (100000000 elements; the limit is 10,000,000)", -2, "ones(100000000)");
    }
}

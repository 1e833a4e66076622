package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sigflow.expr.ExprAssertions.assertError;
import static org.sigflow.expr.ExprAssertions.assertValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SubscriptTest {

    @Test
    void indexingCountsFromZeroAndNegativeIndicesFromTheEnd() {
        assertValue(Value.of(10L), "[10, 20, 30][0]");
        assertValue(Value.of(30L), "[10, 20, 30][-1]");
        assertValue(Value.of(20L), "[10, 20, 30][4 / 2 - 1]"); // an integral real is accepted, as for repetition
        assertValue(Value.of("b"), "'abc'[1]");
        assertValue(Value.of(4L), "[[1, 2], [3, 4]][1][1]");
        assertValue(Value.of(2L), "len([1, 2, 3][1:]) ** 1");
        assertValue(Value.of(-8L), "-[2, 3][0] ** 3"); // subscripts bind tighter than ** and unary minus, as in Python
    }

    @Test
    void mistakesGetPointedMessages() {
        assertError("index 3 is out of range for a list of length 3", 12, "[10, 20, 30][3]");
        assertError("index -4 is out of range for a list of length 3", 12, "[10, 20, 30][-4]");
        assertError("index must be an integer, got real 1.5", 6, "[1, 2][1.5]");
        assertError("cannot index integer 5 (only lists and strings)", 1, "5[0]");
        assertError("slice step cannot be zero", 6, "[1, 2][::0]");
        assertError("expected an index inside [...]", 7, "[1, 2][]");
        assertError("expected ']'", 8, "[1, 2][0");
    }

    /** Expected results printed by CPython 3.11 for {@code x = list(range(7))}: {@code x[a:b:c]}. */
    @ParameterizedTest
    @ValueSource(strings = {
            "x[5:5]|",
            "x[-3:-7:-3]|4,1",
            "x[5:-1:1]|5",
            "x[1:9:1]|1,2,3,4,5,6",
            "x[7:-3:-3]|6",
            "x[:7:-2]|",
            "x[0:0:-1]|",
            "x[-7:0:-1]|",
            "x[7:-7:-1]|6,5,4,3,2,1",
            "x[-3:0:3]|",
            "x[-3:-9:-1]|4,3,2,1,0",
            "x[7:2:2]|",
            "x[7:5:-3]|6",
            "x[-7:7:-3]|",
            "x[0:-7:-3]|",
            "x[1:1:-1]|",
            "x[5:-7:2]|",
            "x[-9::-1]|",
            "x[2:-7:-2]|2",
            "x[-3:5:3]|4",
            "x[1:7:2]|1,3,5",
            "x[0:7:-3]|",
            "x[1:1:3]|",
            "x[7:5:2]|",
            "x[-7:1:-3]|",
            "x[2:-1:-1]|",
            "x[-3:-3:-3]|",
            "x[9::1]|",
            "x[:7:2]|0,2,4,6",
            "x[-7::3]|0,3,6",
            "x[-3:1:-2]|4,2",
            "x[-1:7:2]|6",
            "x[9:0:-2]|6,4,2",
            "x[-1:-3:-2]|6",
            "x[9:-1:3]|",
            "x[-9:1:2]|0",
            "x[1:6:3]|1,4",
            "x[1:2:2]|1",
            "x[2:-7:-1]|2,1",
            "x[-9:-3]|0,1,2,3",
            "x[9:5:2]|",
            "x[0:1:3]|0",
            "x[:2:3]|0",
            "x[6:-1:-3]|",
            "x[:0:-1]|6,5,4,3,2,1",
            "x[-1:]|6",
            "x[6:-7:-2]|6,4,2",
            "x[6:-9:-3]|6,3,0",
            "x[0:0:2]|",
            "x[-9:-1:-1]|",
            "x[-1:2:2]|",
            "x[9:9:3]|",
            "x[9:-3:1]|",
            "x[1:-7:2]|",
            "x[-1:9:3]|6",
            "x[-3:-7:1]|",
            "x[-7:7:-1]|",
            "x[1:7:1]|1,2,3,4,5,6",
            "x[:-9:3]|",
            "x[-9:1:-2]|"
    })
    void slicesMatchPython(String testCase) throws Exception {
        String[] parts = testCase.split("\\|", -1);
        List<Value> expected = new ArrayList<>();
        for (String s : parts[1].split(",")) {
            if (!s.isEmpty()) {
                expected.add(Value.of(Long.parseLong(s)));
            }
        }
        Value x = Expressions.evaluate("range(7)", Map.of());
        assertEquals(new Value.ListValue(expected), Expression.parse(parts[0]).evaluate(Map.of("x", x)), parts[0]);
        String text = Expression.parse(parts[0].replace("x", "'0123456'")).evaluate(Map.of()).asString();
        assertEquals(parts[1].replace(",", ""), text, "the same slice of a string");
    }
}

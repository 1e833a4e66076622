package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.VariableResolver.Resolution;
import org.sigflow.expr.VariableResolver.VariableError;

class VariableResolverTest {

    /** name, text, name, text, ... in file order. */
    private static Map<String, String> defs(String... nameText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameText.length; i += 2) {
            m.put(nameText[i], nameText[i + 1]);
        }
        return m;
    }

    private static Resolution resolve(Map<String, String> definitions) {
        return VariableResolver.resolve(definitions, Map.of());
    }

    @Test
    void evaluatesInDependencyOrderWhateverTheFileOrder() {
        Resolution r = resolve(defs("cutoff", "samp_rate / decim / 4", "decim", "4", "samp_rate", "base * 1000", "base", "32"));
        assertTrue(r.ok(), r.errors().toString());
        assertEquals(List.of("cutoff", "decim", "samp_rate", "base"), List.copyOf(r.values().keySet())); // file order
        assertEquals(Value.of(2000.0), r.values().get("cutoff"));
        assertEquals(Value.of(32000L), r.values().get("samp_rate"));
    }

    @Test
    void cycleIsReportedOncePerVariableWithItsPath() {
        Resolution r = resolve(defs("a", "b + 1", "b", "a", "c", "5"));
        assertEquals(List.of(
                new VariableError("a", "'a' depends on itself: a -> b -> a", 0),
                new VariableError("b", "'b' depends on itself: b -> a -> b", 0)), r.errors());
        assertEquals(Map.of("c", Value.of(5L)), r.values());
    }

    @Test
    void longerCycleAndSelfReference() {
        Resolution r = resolve(defs("x", "x + 1", "p", "2 * q", "q", "r", "r", "p - 1"));
        assertEquals(List.of(
                new VariableError("x", "'x' depends on itself: x -> x", 0),
                new VariableError("p", "'p' depends on itself: p -> q -> r -> p", 4),
                new VariableError("q", "'q' depends on itself: q -> r -> p -> q", 0),
                new VariableError("r", "'r' depends on itself: r -> p -> q -> r", 0)), r.errors());
    }

    @Test
    void dependentsOfAFailedVariableSaySoInsteadOfCascading() {
        Resolution r = resolve(defs("bad", "1 / 0", "uses_bad", "bad * 2", "uses_uses", "3 + uses_bad", "good", "7",
                "in_cycle_user", "a", "a", "b", "b", "a"));
        assertEquals(List.of(
                new VariableError("bad", "division by zero", 2),
                new VariableError("uses_bad", "depends on 'bad', which has an error", 0),
                new VariableError("uses_uses", "depends on 'uses_bad', which has an error", 4),
                new VariableError("in_cycle_user", "depends on 'a', which has an error", 0),
                new VariableError("a", "'a' depends on itself: a -> b -> a", 0),
                new VariableError("b", "'b' depends on itself: b -> a -> b", 0)), r.errors());
        assertEquals(Map.of("good", Value.of(7L)), r.values());
    }

    @Test
    void syntaxAndUnknownNameErrors() {
        Resolution r = resolve(defs("samp_rate", "32e3", "f", "samp_rte / 2", "g", "(1 + ", "h", "g + f"));
        assertEquals(List.of(
                new VariableError("f", "unknown variable 'samp_rte' (did you mean 'samp_rate'?)", 0),
                new VariableError("g", "unexpected end of expression", 5),
                new VariableError("h", "depends on 'g', which has an error", 0)), r.errors());
        assertEquals(Map.of("samp_rate", Value.of(32000.0)), r.values());
    }

    @Test
    void invalidNames() {
        Resolution r = resolve(defs("pi", "3", "sum", "1", "if", "2", "1x", "3", "", "4", "ok_name", "5"));
        assertEquals(List.of(
                new VariableError("pi", "'pi' is a built-in constant and cannot be a variable name", -1),
                new VariableError("sum", "'sum' is a built-in function and cannot be a variable name", -1),
                new VariableError("if", "'if' is a reserved word and cannot be a variable name", -1),
                new VariableError("1x", "'1x' is not a valid variable name (use letters, digits and '_', not starting with a digit)", -1),
                new VariableError("", "a variable name cannot be empty", -1)), r.errors());
        assertEquals(Map.of("ok_name", Value.of(5L)), r.values());
    }

    @Test
    void overridesReplaceValuesAndBreakDependencies() {
        Map<String, String> d = defs("samp_rate", "32000", "half", "samp_rate / 2", "broken", "1 +", "loop", "loop");
        Resolution r = VariableResolver.resolve(d, Map.of("samp_rate", Value.of(48000L), "broken", Value.of(1L),
                "loop", Value.of("x")));
        assertTrue(r.ok(), r.errors().toString());
        assertEquals(Value.of(24000.0), r.values().get("half"));
        assertEquals(Value.of(1L), r.values().get("broken"));
        assertEquals(Value.of("x"), r.values().get("loop"));
    }

    @Test
    void overrideOfAnUndefinedVariableIsAnError() {
        Resolution r = VariableResolver.resolve(defs("samp_rate", "1"), Map.of("samp_rte", Value.of(2L)));
        assertEquals(List.of(new VariableError("samp_rte",
                "cannot set 'samp_rte': there is no such variable (did you mean 'samp_rate'?)", -1)), r.errors());
        assertEquals(Map.of("samp_rate", Value.of(1L)), r.values());
        assertTrue(VariableResolver.resolve(defs("a", "1"), null).ok());
    }

    @Test
    void longChainsDoNotOverflowTheStack() {
        Map<String, String> d = new LinkedHashMap<>();
        for (int i = 20_000; i > 0; i--) {
            d.put("v" + i, "v" + (i - 1) + " + 1");
        }
        d.put("v0", "0");
        Resolution r = resolve(d);
        assertTrue(r.ok());
        assertEquals(Value.of(20_000L), r.values().get("v20000"));

        d.put("v0", "v20000");
        r = resolve(d);
        assertEquals(20_001, r.errors().size());
        assertEquals(
                "'v20000' depends on itself: v20000 -> v19999 -> v19998 -> v19997 -> v19996 -> v19995 -> ... -> v20000"
                + " (20001 variables)", r.errors().getFirst().message());
    }

    @Test
    void resultIsImmutable() {
        Resolution r = resolve(defs("a", "1"));
        org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class, () -> r.values().put("b", Value.of(2L)));
    }

    @Test
    void gpuDeviceIsZeroUnlessTheGraphDefinesIt() throws Exception {
        Resolution r = resolve(defs("lane_gpu", "gpu_device + 1"));
        assertTrue(r.ok(), r.errors().toString());
        assertEquals(Value.of(1L), r.values().get("lane_gpu"));
        Resolution own = resolve(defs("lane_gpu", "gpu_device + 1", "gpu_device", "2"));
        assertEquals(Value.of(3L), own.values().get("lane_gpu"));
        assertEquals(Value.of(0L), Expression.parse("gpu_device").evaluate(Map.of()));
    }
}

package org.sigflow.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.BlockDef;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;

/** The catalog's expressions are parsed once, but every block instance still gets its own values and checks. */
class CatalogExpressionsTest {
    private static final BlockDef FFT = TestGraph.CATALOG.find("fft").orElseThrow();

    private static ResolvedBlock resolve(String id, String fftSize, List<Problem> problems) {
        BlockInstance b = new BlockInstance(id, "fft", Map.of("fft_size", fftSize), BlockState.ENABLED, 0, 0, 0, null);
        return BlockResolver.resolve(b, FFT, Map.of(), Set.of(), problems);
    }

    @Test
    void eachInstanceIsCheckedAndSizedWithItsOwnParameters() {
        List<Problem> problems = new ArrayList<>();
        int[] sizes = {8, 7, 16, 7, 1024};
        for (int i = 0; i < sizes.length; i++) {
            ResolvedBlock r = resolve("f" + i, Integer.toString(sizes[i]), problems);
            assertNotNull(r);
            assertEquals(sizes[i], r.inputs().getFirst().vlen(), "input vector length of f" + i);
            assertEquals(sizes[i], r.outputs().getFirst().vlen(), "output vector length of f" + i);
        }
        assertEquals(List.of("Error in block 'f1': The FFT size must be even",
                "Error in block 'f3': The FFT size must be even"), problems.stream().map(Problem::toString).toList());
    }

    @Test
    void aCatalogTextThatDoesNotParseFailsEveryTime() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThrows(ExpressionException.class, () -> CatalogExpressions.parse("fft_size %% 2"));
        }
        assertEquals(Value.of(true), CatalogExpressions.parse("fft_size % 2 == 0").evaluate(Map.of("fft_size",
                Value.of(4L))));
        assertEquals(Value.of(false), CatalogExpressions.parse("fft_size % 2 == 0").evaluate(Map.of("fft_size",
                Value.of(5L))));
    }
}

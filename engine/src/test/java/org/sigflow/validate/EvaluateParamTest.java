package org.sigflow.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.sigflow.validate.TestGraph.graph;

import org.junit.jupiter.api.Test;
import org.sigflow.expr.Value;

class EvaluateParamTest {

    private final ResolvedGraph running = graph().variable("samp_rate", "48000")
            .block("src", "sig_source").block("f", "fft", "fft_size", "8")
            .block("snk", "null_sink", "vlen", "8").block("s2v", "stream_to_vector", "n", "8")
            .connect("src:out", "s2v:in").connect("s2v:out", "f:in").connect("f:out", "snk:in")
            .validate().resolved();

    private String fails(String block, String param, String text) {
        return assertThrows(ParamValueException.class,
                () -> GraphValidator.evaluateParam(running, block, param, text)).getMessage();
    }

    @Test
    void evaluatesWithTheGraphVariables() throws Exception {
        assertEquals(Value.of(12000.0), GraphValidator.evaluateParam(running, "src", "freq", "samp_rate / 4"));
        assertEquals(Value.of(2.0), GraphValidator.evaluateParam(running, "src", "amplitude", "2"));
    }

    @Test
    void checksTypeRangeAndRuntimeFlag() {
        assertEquals("param 'amplitude' = 11.0 is above the maximum 10", fails("src", "amplitude", "11.0"));
        assertEquals("param 'freq' must be a real number, got string 'fast'", fails("src", "freq", "'fast'"));
        assertEquals("param 'fft_size' of block 'f' cannot change while the graph runs; stop the graph to change it",
                fails("f", "fft_size", "16"));
        assertEquals("block 'src' (sig_source) has no param 'phase'", fails("src", "phase", "0"));
        assertEquals("there is no running block 'zz'", fails("zz", "freq", "1"));
    }
}

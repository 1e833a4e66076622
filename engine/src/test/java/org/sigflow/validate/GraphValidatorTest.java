package org.sigflow.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.sigflow.validate.TestGraph.graph;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockState;
import org.sigflow.runtime.PortSpec;

class GraphValidatorTest {

    @Test
    void resolvesAValidGraph() {
        ValidationResult r = graph()
                .variable("samp_rate", "32e3")
                .block("snk", "null_sink")
                .block("fir", "fir_filter", "decimation", "4", "taps", "[1, 2]")
                .block("src", "sig_source", "freq", "samp_rate / 8")
                .connect("src:out", "fir:in")
                .connect("fir:out", "snk:in")
                .validate();
        assertEquals(List.of(), r.problems());
        ResolvedGraph g = r.resolved();
        assertNotNull(g);
        assertEquals(List.of("src", "fir", "snk"), g.blocks().stream().map(ResolvedBlock::id).toList());
        assertEquals(Map.of("samp_rate", Value.of(32000.0)), g.variables());
        ResolvedBlock src = g.block("src").orElseThrow();
        assertEquals(Value.of(4000.0), src.params().get("freq"));
        assertEquals(List.of("type", "freq", "amplitude", "vlen"), List.copyOf(src.params().keySet()));
        assertEquals(Value.of("cf32"), src.params().get("type"));
        assertEquals(Value.of(1.0), src.params().get("amplitude"), "missing params take the catalog default");
        ResolvedBlock fir = g.block("fir").orElseThrow();
        assertEquals(Value.of(4), fir.params().get("decimation"));
        assertEquals(new Value.ListValue(List.of(Value.of(1.0), Value.of(2.0))), fir.params().get("taps"));
        assertEquals(Value.of(1.0, 0), fir.params().get("gain"));
        assertEquals(new ResolvedPort("out", Dtype.CF32, 1, Domain.CPU, false), src.outputs().getFirst());
        assertEquals(new PortSpec("out", Dtype.CF32, 1), src.outputs().getFirst().toSpec());
        assertEquals(List.of(new ResolvedEdge("src", 0, "fir", 0), new ResolvedEdge("fir", 0, "snk", 0)),
                g.edges());
    }

    @Test
    void variableErrorsArePerVariable() {
        List<String> problems = graph()
                .variable("a", "b + 1")
                .variable("b", "a * 2")
                .variable("c", "nope + 1")
                .validate().problems().stream().map(Problem::toString).toList();
        assertEquals(List.of(
                "Error in variable 'a': 'a' depends on itself: a -> b -> a at column 1",
                "Error in variable 'b': 'b' depends on itself: b -> a -> b at column 1",
                "Error in variable 'c': unknown variable 'nope' at column 1"), problems);
    }

    @Test
    void paramsUsingABrokenVariableDoNotRepeatItsError() {
        assertEquals(List.of("Error in variable 'rate': division by zero at column 2"), graph()
                .variable("rate", "1/0")
                .block("src", "sig_source", "freq", "rate / 4")
                .block("snk", "null_sink")
                .connect("src:out", "snk:in")
                .problems());
    }

    @Test
    void unknownBlockTypeSuggestsTheClosestId() {
        assertEquals(List.of("Error in block 'f1': unknown block type 'fir_fliter' (did you mean 'fir_filter'?)",
                        "Error in block 'x': unknown block type 'zzz_qqq'"),
                graph().block("f1", "fir_fliter").block("x", "zzz_qqq").problems());
    }

    @Test
    void unknownParamIsAWarning() {
        ValidationResult r = graph().block("src", "sig_source", "phase", "0").block("snk", "null_sink")
                .connect("src:out", "snk:in").validate();
        assertEquals(List.of("Warning in block 'src' param 'phase': unknown param 'phase' is ignored (block type "
                + "'sig_source' has no such param)"), r.problems().stream().map(Problem::toString).toList());
        assertNotNull(r.resolved(), "warnings do not stop the graph");
    }

    @Test
    void illTypedParams() {
        assertEquals(List.of(
                "Error in block 'fir' param 'decimation': param 'decimation' must be an integer, got real 2.5",
                "Error in block 'fir' param 'taps': param 'taps' must be a list of real numbers, got list ['a', 1]",
                "Error in block 'fir' param 'gain': param 'gain' must be a complex number, got string 'x'",
                "Error in block 'fir' param 'label': param 'label' must be a string, got integer 3",
                "Error in block 'fir' param 'enabled': param 'enabled' must be true or false, got integer 1"),
                graph().block("fir", "fir_filter", "decimation", "5 / 2", "taps", "['a', 1]", "gain", "'x'",
                        "label", "3", "enabled", "1").problems());
    }

    @Test
    void outOfRangeShowsTheEvaluatedValue() {
        assertEquals(List.of(
                "Error in block 'f' param 'fft_size': param 'fft_size' = 0 is below the minimum 1"),
                graph().variable("n", "4").block("f", "fft", "fft_size", "n - 4").problems());
        assertEquals(List.of(
                "Error in block 'fir' param 'cutoff': param 'cutoff' = 0.75 is above the maximum 0.5"),
                graph().block("fir", "fir_filter", "cutoff", "3/4").problems().subList(0, 1));
    }

    @Test
    void enumValueMustBeAnOption() {
        assertEquals(List.of("Error in block 'src' param 'type': param 'type' must be one of cf32, f32; got 'cf64'"),
                graph().block("src", "sig_source", "type", "cf64").problems());
    }

    @Test
    void badExpressionGivesMessageAndColumn() {
        List<String> problems = graph().block("src", "sig_source", "freq", "1000 *").problems();
        assertEquals(1, problems.size());
        assertEquals(true, problems.getFirst().startsWith(
                "Error in block 'src' param 'freq': param 'freq' has an invalid expression '1000 *': "), problems.getFirst());
        assertEquals(true, problems.getFirst().matches(".* at column \\d+$"), problems.getFirst());
    }

    @Test
    void failingAssertShowsItsMessage() {
        assertEquals(List.of("Error in block 'f' param 'fft_size': param 'fft_size' = 0 is below the minimum 1"),
                graph().block("f", "fft", "fft_size", "0").problems());
        assertEquals(List.of("Error in block 'f': The FFT size must be even"),
                graph().block("src", "sig_source", "vlen", "1023").block("f", "fft", "fft_size", "1023")
                        .block("snk", "null_sink", "vlen", "1023")
                        .connect("src:out", "f:in").connect("f:out", "snk:in").problems());
    }

    @Test
    void multiplePortsExpandAndUnknownPortsAreNamed() {
        ValidationResult r = graph()
                .block("a", "sig_source").block("b", "sig_source").block("c", "sig_source")
                .block("sum", "add", "num_inputs", "3").block("snk", "null_sink")
                .connect("a:out", "sum:in0").connect("b:out", "sum:in1").connect("c:out", "sum:in2")
                .connect("sum:out", "snk:in").validate();
        assertEquals(List.of(), r.problems());
        assertEquals(List.of("in0", "in1", "in2"),
                r.resolved().block("sum").orElseThrow().inputs().stream().map(ResolvedPort::name).toList());
        assertEquals(new ResolvedEdge("c", 0, "sum", 2), r.resolved().edges().get(2));

        assertEquals(List.of(
                "Error in connection a:out → sum:in3: block 'sum' has no input 'in3' (its inputs: in0, in1)",
                "Error in connection a:output → snk:in: block 'a' has no output 'output' (its outputs: out)",
                "Error in connection a:out → ghost:in: there is no block 'ghost'",
                "Error in block 'sum' input 'in0': input 'in0' is not connected"),
                graph().block("a", "sig_source").block("sum", "add").block("snk", "null_sink")
                        .connect("a:out", "sum:in3").connect("a:output", "snk:in").connect("a:out", "ghost:in")
                        .connect("a:out", "sum:in1").connect("sum:out", "snk:in")
                        .problems().subList(0, 4));
    }

    @Test
    void dtypeAndVlenMustMatch() {
        assertEquals(List.of("Error in connection mag:out → fir:in: f32 output 'mag:out' cannot feed cf32 input "
                        + "'fir:in'"),
                graph().block("src", "sig_source").block("mag", "complex_to_mag").block("fir", "fir_filter")
                        .block("snk", "null_sink")
                        .connect("src:out", "mag:in").connect("mag:out", "fir:in").connect("fir:out", "snk:in")
                        .problems());
        assertEquals(List.of("Error in connection s2v:out → f:in: output 's2v:out' carries vectors of 512 but input "
                        + "'f:in' takes vectors of 1024"),
                graph().block("src", "sig_source").block("s2v", "stream_to_vector", "n", "512")
                        .block("f", "fft").block("snk", "null_sink", "vlen", "1024")
                        .connect("src:out", "s2v:in").connect("s2v:out", "f:in").connect("f:out", "snk:in")
                        .problems());
    }

    @Test
    void crossingMemoryDomainsNeedsAMemoryNode() {
        assertEquals(List.of(
                "Error in connection src:out → gpu:in: a CPU port cannot feed a CUDA port directly; insert a "
                        + "Memory CPU→GPGPU node",
                "Error in connection gpu:out → snk:in: a CUDA port cannot feed a CPU port directly; insert a "
                        + "Memory GPGPU→CPU node"),
                graph().block("src", "sig_source").block("gpu", "cuda_multiply_const").block("snk", "null_sink")
                        .connect("src:out", "gpu:in").connect("gpu:out", "snk:in").problems());
        assertEquals(List.of(),
                graph().block("src", "sig_source").block("h2d", "memory_h2d").block("gpu", "cuda_multiply_const")
                        .block("d2h", "memory_d2h").block("snk", "null_sink")
                        .connect("src:out", "h2d:in").connect("h2d:out", "gpu:in").connect("gpu:out", "d2h:in")
                        .connect("d2h:out", "snk:in").problems());
    }

    @Test
    void portsMustBeConnectedOncePerInput() {
        assertEquals(List.of(
                "Error in block 'snk' input 'in': input 'in' has 2 connections (from a:out, b:out); an input takes "
                        + "exactly one",
                "Error in block 'fir' input 'in': input 'in' is not connected",
                "Error in block 'fir' output 'out': output 'out' is not connected"),
                graph().block("a", "sig_source").block("b", "sig_source").block("snk", "null_sink")
                        .block("fir", "fir_filter")
                        .connect("a:out", "snk:in").connect("b:out", "snk:in").problems());
        assertEquals(List.of(), graph().block("a", "sig_source").block("s1", "null_sink").block("s2", "null_sink")
                .block("p", "probe").connect("a:out", "s1:in").connect("a:out", "s2:in").problems(),
                "fan-out is fine and an optional input may stay unconnected");
    }

    @Test
    void cyclesNameTheirBlocks() {
        assertEquals(List.of("Error in blocks 'f1', 'sum', 'f2': these blocks form a cycle (f1 → f2 → sum → f1); a "
                        + "stream cannot flow back into a block it came from"),
                graph().block("src", "sig_source").block("f1", "fir_filter").block("sum", "add")
                        .block("f2", "fir_filter").block("snk", "null_sink")
                        .connect("src:out", "sum:in0").connect("sum:out", "f1:in").connect("f1:out", "f2:in")
                        .connect("f2:out", "sum:in1").connect("f2:out", "snk:in").problems());
    }

    @Test
    void aLoopFeedingAnotherIsReportedAfterIt() {
        assertEquals(List.of("Error in blocks 'b1', 'b2': these blocks form a cycle (b1 → b2 → b1); a stream cannot "
                        + "flow back into a block it came from",
                "Error in blocks 'a1', 'a2': these blocks form a cycle (a1 → a2 → a1); a stream cannot flow back "
                        + "into a block it came from"),
                graph().block("a1", "fir_filter").block("b1", "add").block("a2", "fir_filter")
                        .block("b2", "fir_filter")
                        .connect("a1:out", "a2:in").connect("a2:out", "a1:in").connect("a2:out", "b1:in0")
                        .connect("b1:out", "b2:in").connect("b2:out", "b1:in1").problems());
    }

    @Test
    void disabledBlocksAreIgnoredWithTheirEdges() {
        ValidationResult r = graph().block("src", "sig_source").block("bad", "fir_filter", BlockState.DISABLED,
                        "decimation", "0").block("gone", "no_such_type", BlockState.DISABLED)
                .block("snk", "null_sink")
                .connect("src:out", "bad:in").connect("bad:out", "snk:in").connect("src:out", "snk:in")
                .validate();
        assertEquals(List.of(), r.problems());
        assertEquals(List.of("src", "snk"), r.resolved().blocks().stream().map(ResolvedBlock::id).toList());
    }

    @Test
    void bypassedBlocksAreJoinedOut() {
        ValidationResult r = graph().block("src", "sig_source").block("fir", "fir_filter", BlockState.BYPASSED)
                .block("fir2", "fir_filter", BlockState.BYPASSED).block("s1", "null_sink").block("s2", "null_sink")
                .connect("src:out", "fir:in").connect("fir:out", "fir2:in").connect("fir2:out", "s1:in")
                .connect("fir2:out", "s2:in").validate();
        assertEquals(List.of(), r.problems());
        assertEquals(List.of("src", "s1", "s2"), r.resolved().blocks().stream().map(ResolvedBlock::id).toList());
        assertEquals(List.of(new ResolvedEdge("src", 0, "s1", 0), new ResolvedEdge("src", 0, "s2", 0)),
                r.resolved().edges());
    }

    @Test
    void onlyOneInOneOutSameTypeBlocksCanBeBypassed() {
        assertEquals(List.of("Error in block 'sum': cannot be bypassed: only a block with exactly one input and one "
                        + "output can be bypassed (it has 2 inputs and 1 output)"),
                graph().block("a", "sig_source").block("b", "sig_source").block("sum", "add", BlockState.BYPASSED)
                        .block("snk", "null_sink").connect("a:out", "sum:in0").connect("b:out", "sum:in1")
                        .connect("sum:out", "snk:in").problems());
        assertEquals(List.of("Error in block 'mag': cannot be bypassed: its input (cf32) and output (f32) differ, so "
                        + "the stream cannot pass through unchanged"),
                graph().block("a", "sig_source").block("mag", "complex_to_mag", BlockState.BYPASSED)
                        .block("snk", "null_sink", "type", "f32").connect("a:out", "mag:in")
                        .connect("mag:out", "snk:in").problems());
    }

    @Test
    void bypassingAMemoryNodeExposesTheDomainCrossing() {
        assertEquals(List.of("Error in connection gpu:out → snk:in: a CUDA port cannot feed a CPU port directly; "
                        + "insert a Memory GPGPU→CPU node",
                        "Error in connection src:out → gpu:in (through bypassed 'h2d'): a CPU port cannot feed a "
                                + "CUDA port directly; insert a Memory CPU→GPGPU node"),
                graph().block("src", "sig_source").block("h2d", "memory_h2d", BlockState.BYPASSED)
                        .block("gpu", "cuda_multiply_const").block("snk", "null_sink")
                        .connect("src:out", "h2d:in").connect("h2d:out", "gpu:in").connect("gpu:out", "snk:in")
                        .problems());
    }

    @Test
    void overridesReplaceVariables() {
        ValidationResult r = GraphValidator.validate(graph().variable("f", "1").block("src", "sig_source",
                        "freq", "f").block("snk", "null_sink").connect("src:out", "snk:in").build(), TestGraph.CATALOG,
                Map.of("f", Value.of(5.0)));
        assertEquals(Value.of(5.0), r.resolved().block("src").orElseThrow().params().get("freq"));
    }

    @Test
    void resolvedGraphIsNullWhenThereAreErrors() {
        assertNull(graph().block("x", "nope").validate().resolved());
    }
}

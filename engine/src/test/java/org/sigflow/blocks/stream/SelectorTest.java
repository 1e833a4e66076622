package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;

/**
 * The selector switches input and output while running, by message as GRC's GUI controls send them ((name . index)
 * pairs), and drops everything while disabled; the items of every input are read at the same pace throughout.
 */
class SelectorTest {

    @Test
    void messagesSwitchInputAndOutputBetweenWorkCalls() throws Exception {
        Map<String, Value> params = Map.of("type", Value.of("f32"), "num_inputs", Value.of(2L), "num_outputs",
                Value.of(2L), "input_index", Value.of(0L), "output_index", Value.of(0L), "enabled", Value.of(true),
                "vlen", Value.of(1L));
        Selector.Switch sw = (Selector.Switch) new Selector().create(new BlockSetup("sel", "selector", params,
                List.of(), List.of(), null));
        float[] a = new float[60];
        float[] b = new float[60];
        for (int i = 0; i < 60; i++) {
            a[i] = i;
            b[i] = 100 + i;
        }
        // the harness feeds 10 items per input, and the block takes them in every second call (the one between
        // finds no input): chunk k is read in call 2k
        BlockHarness h = BlockHarness.of(sw).chunk(10).beforeCall(call -> {
            switch (call) {
                case 4 -> sw.handleMessage("iindex", new Pmt.Pair(Pmt.symbol("iindex"), Pmt.of(1L)));
                case 6 -> sw.handleMessage("oindex", Pmt.of(1L));
                case 8 -> sw.handleMessage("en", Pmt.of(false));
                case 10 -> sw.handleMessage("iindex", Pmt.of(7L)); // out of range: ignored
                default -> { }
            }
        });
        h.input(Dtype.F32, 1, a).input(Dtype.F32, 1, b).output(Dtype.F32, 1).output(Dtype.F32, 1).run();
        float[] out0 = new float[30];
        float[] out1 = new float[10];
        for (int i = 0; i < 20; i++) {
            out0[i] = a[i];          // chunks 0, 1: input 0 → output 0
        }
        for (int i = 20; i < 30; i++) {
            out0[i] = b[i];          // chunk 2: input 1 → output 0
        }
        for (int i = 0; i < 10; i++) {
            out1[i] = b[30 + i];     // chunk 3: input 1 → output 1; then disabled
        }
        assertArrayEquals(out0, h.floats(0));
        assertArrayEquals(out1, h.floats(1));
        assertTrue(h.finishedByItself(), "every input was read to its end, also while disabled");
    }
}

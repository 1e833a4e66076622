package org.sigflow.blocks.display;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;

/** number_sink's readouts against a float64 recurrence computed here: latest value, and the running average. */
class NumberSinkTest {

    private static NumberSink.Readout readout(int inputs, double avg) throws Exception {
        PortSpec in = new PortSpec("in", Dtype.F32, 1);
        return (NumberSink.Readout) new NumberSink().create(new BlockSetup("n", "number_sink",
                java.util.Map.of("nconnections", Value.of(inputs), "avg", Value.of(avg), "vlen", Value.of(1)),
                java.util.Collections.nCopies(inputs, in), List.of(), null));
    }

    @Test
    void showsTheLatestValueOrTheRunningAverage() throws Exception {
        float[] a = new float[300];
        float[] b = new float[300];
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) Math.sin(0.05 * i) * 3;
            b[i] = i % 7 - 3;
        }
        NumberSink.Readout latest = readout(2, 0);
        BlockHarness.of(latest).chunk(13).input(Dtype.F32, 1, a).input(Dtype.F32, 1, b).run();
        assertEquals(a[299], latest.values()[0], 0);
        assertEquals(b[299], latest.values()[1], 0);

        NumberSink.Readout averaged = readout(1, 0.01);
        BlockHarness h = BlockHarness.of(averaged).chunk(13).input(Dtype.F32, 1, a).run();
        double y = a[0];
        for (int i = 1; i < a.length; i++) {
            y += 0.01 * (a[i] - y);
        }
        assertEquals(y, averaged.values()[0], 1e-12);
        assertEquals(y, averaged.extraMetrics().get("in0"), 1e-12);
        assertEquals(true, h.finishedByItself());
    }
}

package org.sigflow.format;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;
import org.sigflow.graph.ViewLayout;

/** Hand-made graphs for format tests. */
final class TestGraphs {
    private TestGraphs() {}

    static Graph small() {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("samp_rate", "32e3");
        vars.put("freq", "samp_rate / 8");
        Map<String, String> srcParams = new LinkedHashMap<>();
        srcParams.put("type", "cf32");
        srcParams.put("freq", "freq");
        return new Graph(new Metadata("Tone", "A tone into a sink", "Ada"), vars,
                List.of(new BlockInstance("src", "sig_source", srcParams, BlockState.ENABLED, 10, 20.5, 0, null),
                        new BlockInstance("snk", "null_sink", Map.of(), BlockState.BYPASSED, 300, 20, 90,
                                "ends here")),
                List.of(new Connection("src", "out", "snk", "in")),
                List.of(new ViewLayout("v1", "spectrum", "snk", 0, 0, 640, 480.25, Map.of("averaging", "0.2"))));
    }
}

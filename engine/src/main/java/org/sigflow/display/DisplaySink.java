package org.sigflow.display;

/**
 * A running block that feeds a live view (spectrum, waterfall, time, constellation). The designer finds it with
 * {@code RunningGraph.block(id)} and polls {@link #frames()} at display rate. Display sinks always consume their
 * input at once: they never slow the graph and drop frames, not samples.
 */
public interface DisplaySink {
    FrameChannel frames();
}

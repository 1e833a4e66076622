package org.sigflow.runtime;

import java.util.List;

/**
 * A snapshot of one block's counters, for the timing view and {@code sigflow bench}.
 *
 * @param itemsIn      items consumed, summed over inputs
 * @param itemsOut     items produced, summed over outputs
 * @param workNanos    time spent inside {@code work()}
 * @param busyFraction {@code workNanos} over the run's wall time so far (0..1: how busy the block's thread is)
 * @param workShare    this block's share of all blocks' work time (0..1)
 * @param throughput   items per second through the block (outputs, or inputs for a sink) over the run so far
 * @param outputFill   per output: fraction of the ring holding unread items (1.0 = downstream is the bottleneck)
 * @param extra        the block's own figures by name ({@link Block#extraMetrics()}: kernel time, wire SNR …)
 */
public record BlockMetrics(String id, String type, long itemsIn, long itemsOut, long workNanos, long workCalls,
                           double busyFraction, double workShare, double throughput, List<Double> outputFill,
                           java.util.Map<String, Double> extra) {
}

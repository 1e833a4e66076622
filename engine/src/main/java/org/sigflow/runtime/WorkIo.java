package org.sigflow.runtime;

/**
 * The inputs and outputs a block sees in one {@link Block#work} call. Views are valid for this call only.
 * Consume and produce at most once per port per call; tags on consumed items are propagated by the runtime
 * according to the block's {@link TagPolicy}.
 */
public interface WorkIo {

    int inputCount();

    int outputCount();

    InputView in(int port);

    OutputView out(int port);

    /** Marks {@code n} items of input {@code port} as used (they stay available as history). */
    void consume(int port, int n);

    /** Consumes {@code n} items on every input. */
    void consumeEach(int n);

    /** Publishes {@code n} items written to output {@code port}. */
    void produce(int port, int n);

    /** Produces {@code n} items on every output. */
    void produceEach(int n);

    /** True once the graph is asked to stop: long-running work (a throttle's sleep) should return soon. */
    boolean stopRequested();
}

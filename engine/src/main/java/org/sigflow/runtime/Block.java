package org.sigflow.runtime;

import org.sigflow.expr.Value;

/**
 * A running block: it states only what it computes. Buffers, tags, scheduling, end-of-stream and metrics are the
 * runtime's business (the GNU Radio 4 {@code Block.hpp} idea). Each block runs on one runtime thread, so an
 * implementation needs no synchronisation of its own; {@link #applyParam} is called on that same thread between two
 * {@link #work} calls.
 */
public interface Block {

    /**
     * Does one slice of work: reads from {@code io.in(i)}, writes to {@code io.out(o)}, then says how much it consumed
     * and produced. A call that consumes and produces nothing means "not enough input or output space yet"; the
     * runtime calls again when something changed. Return {@link WorkResult#DONE} when the block will produce no more
     * (a finite source at its end, a head that has passed its count).
     */
    WorkResult work(WorkIo io) throws Exception;

    /**
     * History in items on every input: {@code in.offset()} is preceded by {@code history() - 1} items already
     * consumed (zeros before the first sample), as a FIR filter needs. 1 means no history (GNU Radio's convention).
     */
    default int history() {
        return 1;
    }

    /**
     * Fewest items a call needs on each input to make progress (a decimator's factor). The runtime keeps at least
     * this many readable contiguously, so a block never stalls at the ring's end.
     */
    default int inputMultiple() {
        return 1;
    }

    /** Fewest items of output space a call needs to make progress (an interpolator's factor). */
    default int outputMultiple() {
        return 1;
    }

    /**
     * Array elements this block would like to move per work call on its host ports, when more than the runtime's
     * default chunk: a memory node asks for large chunks so one call packs a big span (over several threads) instead
     * of paying a wake-up per 128 KiB. The edge's ring is sized from the larger of the two ends' wishes.
     */
    default int chunkElements() {
        return 0;
    }

    /**
     * True when this block reaches its host ports' items only through {@link InputView#segment()} /
     * {@link OutputView#segment()} where those are non-null (in practice through the
     * {@link org.sigflow.blocks.common.Items} helpers), never assuming a Java array: the runtime may then keep the
     * rings at its ports off the Java heap. Such a block only reads its inputs' items, never writes them (a
     * {@code null_source} on an off-heap ring relies on its zeros staying there).
     */
    default boolean segmentViews() {
        return false;
    }

    /**
     * Bytes per work call this block would like on a host port's ring when that ring lives off the Java heap (0: no
     * wish). For a block that never touches the items there after the first lap (a null source, a null sink), a large
     * ring costs nothing, and a memory node's DMA at the other end keeps up to a chunk of it in flight. Granted only
     * where every other end also asks or is a memory node ({@link #wantsOffHeapRings()}): a CPU block reading or
     * writing each item keeps its cache-sized ring.
     */
    default long offHeapChunkBytes() {
        return 0;
    }

    /**
     * Most bytes per chunk this block lets the other ends' {@link #offHeapChunkBytes()} wish give a ring at its host
     * port (0: no limit): a memory node with small pages gains nothing from a larger ring, and pays for pinning it.
     */
    default long offHeapChunkCapBytes() {
        return 0;
    }

    /**
     * True when this block would have the rings at its host ports off the Java heap (a memory node whose DMA reads or
     * writes the ring pages directly). Granted for a ring when every end of it says {@link #segmentViews()}, unless
     * {@code -Dsigflow.memory.offHeapRings=false}.
     */
    default boolean wantsOffHeapRings() {
        return false;
    }

    /**
     * Where output {@code port}'s ring should lie when it lives off the Java heap: rings naming one slab are allocated
     * side by side ({@link org.sigflow.runtime.buffer.RingSlot}); null (the default) lets the allocator place it.
     */
    default org.sigflow.runtime.buffer.RingSlot ringSlot(int port) {
        return null;
    }

    /**
     * True when this block waits inside native code or a selector (a radio driver, the sound system, a ZeroMQ
     * socket): the pool scheduler then gives it a platform thread of its own, so the wait cannot hold one of the few
     * carrier threads that run every other block.
     */
    default boolean waitsOutsideJava() {
        return false;
    }

    /** Output items per input item, used to place propagated tags (e.g. 1/4 for a decimate-by-4 filter). */
    default double relativeRate() {
        return 1.0;
    }

    /**
     * {@link #relativeRate()} as an exact fraction, for blocks whose rate is a ratio of integers (a decimating or
     * interpolating filter, a rational resampler); null: the double is used at its exact value. Tags are placed at
     * {@link RateFraction#scale GNU Radio's rounded offset}, which for 1/3 differs from the double's.
     */
    default RateFraction relativeRateFraction() {
        return null;
    }

    /**
     * True when output {@code port} carries pages of device memory (a CUDA edge) rather than samples. The runtime then
     * gives the edge a sample-less ring that only counts items, carries tags and end-of-stream and wakes neighbours;
     * the pages themselves travel in the object the writer {@link OutputView#attach attaches} to the edge. Both ends
     * of such an edge must say so.
     */
    default boolean outputOnDevice(int port) {
        return false;
    }

    /** True when input {@code port} reads pages of device memory (see {@link #outputOnDevice}). */
    default boolean inputOnDevice(int port) {
        return false;
    }

    /**
     * True when device output {@code port} may stay unconnected (an optional port of a CUDA block that then writes
     * no pages for it); other device outputs must feed exactly one input.
     */
    default boolean deviceOutputOptional(int port) {
        return false;
    }

    /**
     * Extra figures for the metrics, by name (e.g. a CUDA block's kernel milliseconds, a memory node's wire-format
     * SNR). Called from any thread: implementations read volatile fields only.
     */
    default java.util.Map<String, Double> extraMetrics() {
        return java.util.Map.of();
    }

    /**
     * Handles a message that arrived on message input {@code port} (catalog {@code message_inputs}), on the block's
     * own thread between two {@link #work} calls.
     */
    default void handleMessage(String port, org.sigflow.message.Pmt message) throws Exception {}

    /**
     * False while the block wants no more messages for now (it still has earlier ones to turn into stream items):
     * they wait in its bounded inbox, so their sender is slowed down rather than the block's memory growing.
     */
    default boolean readyForMessages() {
        return true;
    }

    /**
     * True for a block without ports that serves the graph rather than computing in it (an XML-RPC server, a
     * function probe: in GNU Radio, Python threads beside the flowgraph): the graph ends once its other blocks have
     * ended, which then end too. A graph of such blocks only runs until stopped.
     */
    default boolean background() {
        return false;
    }

    /** Called once before {@link #start} with the block's message outputs, for blocks that post messages. */
    default void bindMessages(MessagePorts ports) {}

    /**
     * Called once before {@link #start} with the running graph's variables, for blocks that read or set them (an
     * XML-RPC server); blocks built without the engine's session (a check, a unit test) are not called.
     */
    default void bindVariables(GraphVariables variables) {}

    /**
     * True for a block without stream inputs that only reacts to messages (a message debug, a PDU-to-stream
     * converter): it ends once every block that sends it messages has finished and its inbox is empty, so a graph
     * whose remaining activity is messages still ends. A message source (a strobe) says false, and ends only by
     * returning {@link WorkResult#DONE} or when the graph stops.
     */
    default boolean endsWithMessageSenders() {
        return false;
    }

    /**
     * True while the block cannot go on without a message (a header/payload demux waiting for its header's verdict):
     * then it is not ended when its stream inputs have ended, as long as a sender of its messages still runs or a
     * message waits in its inbox.
     */
    default boolean awaitsMessage() {
        return false;
    }

    default TagPolicy tagPolicy() {
        return TagPolicy.ALL_TO_ALL;
    }

    /** Called once on the block's thread before the first {@link #work} call (open files here). */
    default void start() throws Exception {}

    /** Called once on the block's thread after the last {@link #work} call, also after a failure (close files). */
    default void stop() throws Exception {}

    /**
     * Applies a new value of a parameter marked {@code runtime: true} in the catalog, on the block's own thread.
     *
     * @throws IllegalArgumentException if the value is not acceptable (the old value stays in force)
     */
    default void applyParam(String paramId, Value value) {
        throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
    }
}

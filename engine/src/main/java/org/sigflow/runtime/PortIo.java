package org.sigflow.runtime;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.sigflow.runtime.buffer.Reader;
import org.sigflow.runtime.buffer.StreamBuffer;

/**
 * The {@link WorkIo} one runner hands its block: a snapshot of every port taken before the call, consume/produce
 * recorded during it, and applied (tags first, then positions) after it. One instance per runner, reused, so a work
 * call allocates nothing.
 */
final class PortIo implements WorkIo {
    private final Block block;
    private final Reader[] readers;
    private final StreamBuffer[] buffers;
    private final RunControl control;
    private final InPort[] ins;
    private final OutPort[] outs;
    private boolean progress;

    PortIo(Block block, Reader[] readers, StreamBuffer[] buffers, RunControl control) {
        this.block = block;
        this.readers = readers;
        this.buffers = buffers;
        this.control = control;
        ins = new InPort[readers.length];
        for (int i = 0; i < ins.length; i++) {
            ins[i] = new InPort(readers[i]);
        }
        outs = new OutPort[buffers.length];
        for (int o = 0; o < outs.length; o++) {
            outs[o] = new OutPort(buffers[o]);
        }
    }

    void begin() {
        for (InPort in : ins) {
            in.snapshot();
        }
        for (OutPort out : outs) {
            out.snapshot();
        }
        progress = false;
    }

    /**
     * Propagates tags of the consumed items, then publishes the new read and write positions. A tag at input offset
     * k lands at floor(k * rate + 1/2), exactly as GNU Radio 3.10's {@code propagate_tags} places it.
     */
    void commit() {
        TagPolicy policy = block.tagPolicy();
        if (policy != TagPolicy.DONT && outs.length > 0) {
            double rate = block.relativeRate();
            RateFraction fraction = rate == 1.0 ? null : block.relativeRateFraction();
            if (fraction != null && (double) fraction.interpolation() / fraction.decimation() != rate) {
                fraction = null; // a subclass changed relativeRate() but not its fraction: trust the double
            }
            for (int i = 0; i < ins.length; i++) {
                InPort in = ins[i];
                if (in.consumed == 0) {
                    continue;
                }
                for (Tag t : in.reader.tags(in.position, in.position + in.consumed)) {
                    long offset = fraction != null ? fraction.scale(t.offset()) : RateFraction.scale(t.offset(), rate);
                    if (policy == TagPolicy.ONE_TO_ONE) {
                        if (i < outs.length) {
                            outs[i].buffer.addTag(t.withOffset(offset));
                        }
                    } else {
                        for (OutPort out : outs) {
                            out.buffer.addTag(t.withOffset(offset));
                        }
                    }
                }
            }
        }
        for (InPort in : ins) {
            in.reader.consume(in.consumed);
        }
        for (OutPort out : outs) {
            out.buffer.produce(out.produced);
        }
    }

    boolean madeProgress() {
        return progress;
    }

    long consumedTotal() {
        long s = 0;
        for (InPort in : ins) {
            s += in.consumed;
        }
        return s;
    }

    long producedTotal() {
        long s = 0;
        for (OutPort out : outs) {
            s += out.produced;
        }
        return s;
    }

    /** Every input's writer has finished and all its remaining items were visible in this call. */
    boolean inputsExhausted() {
        if (ins.length == 0) {
            return false;
        }
        for (InPort in : ins) {
            if (!in.finished) {
                return false;
            }
        }
        return true;
    }

    /**
     * Some output had less space than the block's output multiple in this call: it waits for downstream. A device
     * output (token ring) always counts as possibly blocked, since its space is in pages the runtime cannot see:
     * blocks with device outputs end by returning {@link WorkResult#DONE} themselves.
     */
    boolean outputBlocked() {
        int need = Math.max(1, block.outputMultiple());
        for (OutPort out : outs) {
            if ((out.space < Math.max(need, out.wanted) || out.buffer.isTokens()) && !out.buffer.allReadersGone()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int inputCount() {
        return ins.length;
    }

    @Override
    public int outputCount() {
        return outs.length;
    }

    @Override
    public InputView in(int port) {
        return ins[port];
    }

    @Override
    public OutputView out(int port) {
        return outs[port];
    }

    @Override
    public void consume(int port, int n) {
        InPort in = ins[port];
        if (n < 0 || in.consumed + n > in.available) {
            throw new IllegalStateException("consumed " + n + " items on input " + port + " but only "
                    + (in.available - in.consumed) + " were available");
        }
        in.consumed += n;
        progress |= n > 0;
    }

    @Override
    public void consumeEach(int n) {
        for (int i = 0; i < ins.length; i++) {
            consume(i, n);
        }
    }

    @Override
    public void produce(int port, int n) {
        OutPort out = outs[port];
        if (n < 0 || out.produced + n > out.space) {
            throw new IllegalStateException("produced " + n + " items on output " + port + " but space was "
                    + (out.space - out.produced));
        }
        out.produced += n;
        progress |= n > 0;
    }

    @Override
    public void produceEach(int n) {
        for (int o = 0; o < outs.length; o++) {
            produce(o, n);
        }
    }

    @Override
    public boolean stopRequested() {
        return control.stopRequested();
    }

    /** The ring's array; an off-heap ring has none (only blocks that said {@link Block#segmentViews()} get one). */
    private static Object array(StreamBuffer b) {
        Object a = b.array();
        if (a == null && !b.isTokens()) {
            throw new IllegalStateException("this ring is off the Java heap: read it through segment()");
        }
        return a;
    }

    private static final class InPort implements InputView {
        final Reader reader;
        int available;
        int offset;
        long position;
        boolean finished;
        boolean upstreamDone;
        int consumed;
        int afterEnd;

        InPort(Reader reader) {
            this.reader = reader;
        }

        void snapshot() {
            boolean writerDone = reader.writerDone(); // read before the counts: once done, the count is final
            available = reader.available();
            offset = reader.readOffset();
            position = reader.position();
            finished = writerDone && available == reader.remaining();
            upstreamDone = writerDone;
            afterEnd = reader.buffer().segment() != null ? reader.availableAfterEnd(available) : 0;
            consumed = 0;
        }

        @Override public int available() { return available; }
        @Override public boolean finished() { return finished; }
        @Override public boolean upstreamDone() { return upstreamDone; }
        @Override public int offset() { return offset; }
        @Override public int itemSize() { return reader.buffer().itemSize(); }
        @Override public long position() { return position; }
        @Override public float[] floats() { return (float[]) array(reader.buffer()); }
        @Override public short[] shorts() { return (short[]) array(reader.buffer()); }
        @Override public byte[] bytes() { return (byte[]) array(reader.buffer()); }
        @Override public int[] ints() { return (int[]) array(reader.buffer()); }
        @Override public MemorySegment segment() { return reader.buffer().segment(); }
        @Override public int availableAfterEnd() { return afterEnd; }
        @Override public Object attachment() { return reader.buffer().attachment(); }

        @Override
        public List<Tag> tags(int n) {
            return reader.tags(position, position + n);
        }
    }

    private static final class OutPort implements OutputView {
        final StreamBuffer buffer;
        int space;
        int offset;
        long position;
        int produced;
        int afterEnd;
        /** Room this call said it needed ({@link #needsRoom}). */
        int wanted;

        OutPort(StreamBuffer buffer) {
            this.buffer = buffer;
        }

        void snapshot() {
            space = buffer.writeSpace();
            afterEnd = buffer.segment() != null ? buffer.spaceAfterEnd(space) : 0;
            offset = buffer.writeOffset();
            position = buffer.written();
            produced = 0;
            wanted = 0;
        }

        @Override public int space() { return space; }
        @Override public void needsRoom(int items) { wanted = items; }
        @Override public int offset() { return offset; }
        @Override public int itemSize() { return buffer.itemSize(); }
        @Override public long position() { return position; }
        @Override public float[] floats() { return (float[]) array(buffer); }
        @Override public short[] shorts() { return (short[]) array(buffer); }
        @Override public byte[] bytes() { return (byte[]) array(buffer); }
        @Override public int[] ints() { return (int[]) array(buffer); }
        @Override public MemorySegment segment() { return buffer.segment(); }
        @Override public int spaceAfterEnd() { return afterEnd; }
        @Override public Object attachment() { return buffer.attachment(); }
        @Override public boolean connected() { return buffer.hasReaders(); }
        @Override public void attach(Object attachment) { buffer.attach(attachment); }

        @Override
        public void addTag(long tagOffset, String key, Object value) {
            if (tagOffset < position) {
                throw new IllegalArgumentException("tag '" + key + "' at offset " + tagOffset
                        + " is before the output's position " + position);
            }
            buffer.addTag(new Tag(tagOffset, key, value));
        }
    }
}

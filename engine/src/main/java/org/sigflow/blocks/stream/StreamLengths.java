package org.sigflow.blocks.stream;

import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.TagPolicy;

/** The turns of a stream mux or demux: stream {@code i} for {@code lengths[i]} items, round and round. */
final class StreamLengths {
    private final long[] lengths;
    private int stream;
    private long left;

    private StreamLengths(long[] lengths) {
        this.lengths = lengths;
        this.left = lengths[0];
        skipEmpty();
    }

    static StreamLengths of(BlockSetup setup, int streams) {
        List<Value> items = setup.param("lengths").asList();
        if (items.size() != streams) {
            throw new IllegalArgumentException("'" + setup.instanceId() + "': " + items.size() + " lengths for "
                    + streams + " streams; give one length per stream");
        }
        long[] lengths = new long[items.size()];
        long total = 0;
        for (int i = 0; i < lengths.length; i++) {
            double v = items.get(i).asDouble();
            if (v < 0 || v != Math.rint(v)) {
                throw new IllegalArgumentException("'" + setup.instanceId() + "': length " + (i + 1) + " is " + v
                        + "; lengths are whole numbers of items, 0 or more");
            }
            lengths[i] = (long) v;
            total += lengths[i];
        }
        if (total == 0) {
            throw new IllegalArgumentException("'" + setup.instanceId() + "': every length is 0");
        }
        return new StreamLengths(lengths);
    }

    int stream() {
        return stream;
    }

    long left() {
        return left;
    }

    /** {@code n} items of the current stream are done; moves on to the next stream with items when its turn ends. */
    void advance(long n) {
        left -= n;
        skipEmpty();
    }

    private void skipEmpty() {
        while (left == 0) {
            stream = (stream + 1) % lengths.length;
            left = lengths[stream];
        }
    }

    /** A mux or demux: copies items of {@code storage} in turns, carrying each item's tags itself. */
    abstract static class Runs implements Block {
        final Dtype.Storage storage;
        final StreamLengths turns;

        Runs(Dtype.Storage storage, StreamLengths turns) {
            this.storage = storage;
            this.turns = turns;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}

package org.sigflow.blocks.stream;

import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.TagPolicy;

/** Whose turn it is in a round-robin over {@code lanes} lanes of {@code chunk_items} items each (split and merge). */
final class LaneTurns {
    /** A lane block: the stream's storage, its turns, and tags moved by the block itself (with their items). */
    abstract static class LaneBlock implements Block {
        final Dtype.Storage storage;
        final LaneTurns turns;

        LaneBlock(BlockSetup setup) {
            this.storage = StreamType.dtype(setup).storage();
            this.turns = LaneTurns.of(setup);
        }

        @Override
        public final TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }

    private final int lanes;
    private final long chunk;
    private int lane;
    private long left;

    private LaneTurns(int lanes, long chunk) {
        this.lanes = lanes;
        this.chunk = chunk;
        this.left = chunk;
    }

    static LaneTurns of(BlockSetup setup) {
        int lanes = setup.integer("lanes");
        long chunk = setup.longValue("chunk_items");
        if (lanes < 1 || chunk < 1) {
            throw new IllegalArgumentException(setup.blockId() + " '" + setup.instanceId()
                    + "': Lanes and Chunk Size must be at least 1");
        }
        return new LaneTurns(lanes, chunk);
    }

    int lanes() {
        return lanes;
    }

    /** The lane whose turn it is. */
    int lane() {
        return lane;
    }

    /** Items left in the current lane's chunk. */
    long left() {
        return left;
    }

    /** {@code n} items of the current chunk went through; true when that completed it (the next lane's turn). */
    boolean advance(long n) {
        left -= n;
        if (left > 0) {
            return false;
        }
        lane = (lane + 1) % lanes;
        left = chunk;
        return true;
    }
}

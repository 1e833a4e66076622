package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.UntouchedRings;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;

/** {@code null_sink}: consumes and discards everything, counting the items. */
@AutoService(BlockFactory.class)
public final class NullSink implements BlockFactory {

    @Override
    public String id() {
        return "null_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Counter();
    }

    /** The running sink; {@link #count()} may be read from any thread. */
    public static final class Counter extends SyncBlock {
        private volatile long count;

        @Override
        protected void process(WorkIo io, int steps) {
            count += steps; // single writer (the block thread), so volatile is enough
        }

        @Override
        public boolean segmentViews() {
            return true; // never looks at the items
        }

        @Override
        public long offHeapChunkBytes() {
            return UntouchedRings.CHUNK_BYTES; // a large ring costs it nothing
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        /** Items consumed so far. */
        public long count() {
            return count;
        }
    }
}

package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.UntouchedRings;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code null_source}: an endless stream of zeros. On a ring off the Java heap (beside a memory node, whose DMA reads
 * it in place) every reader only reads ({@link Block#segmentViews()}), so the ring keeps the zeros the source wrote:
 * it zeroes each slot on its first lap only and then just publishes, leaving the memory bandwidth to the DMA (a
 * source that rewrote the zeros every lap, one thread at 2–3 Gsps cf32, was what bounded a host → GPU → host chain).
 * Heap rings, whose readers may be any block, are zeroed every call; {@code -Dsigflow.nullSource.rewrite=true} does
 * that on every ring (to compare).
 */
@AutoService(BlockFactory.class)
public final class NullSource implements BlockFactory {

    @Override
    public String id() {
        return "null_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype.Storage storage = StreamType.dtype(setup).storage();
        boolean rewrite = Boolean.getBoolean("sigflow.nullSource.rewrite");
        return new Block() {
            private final ZeroedSpan zeroed = new ZeroedSpan();

            @Override
            public WorkResult work(WorkIo io) {
                OutputView out = io.out(0);
                int n = out.space();
                int elements = n * out.itemSize();
                boolean keeps = !rewrite && out.segment() != null; // only this source writes the ring's slots
                if (!keeps || !zeroed.covers(out.offset(), elements)) {
                    // a reused ring's space may hold old samples (a heap ring's readers may be any block)
                    Items.zero(storage, out, elements);
                    if (keeps) {
                        zeroed.add(out.offset(), elements);
                    }
                }
                io.produce(0, n);
                return WorkResult.CONTINUE;
            }

            @Override
            public boolean segmentViews() {
                return true;
            }

            @Override
            public long offHeapChunkBytes() {
                return rewrite ? 0 : UntouchedRings.CHUNK_BYTES; // a large ring costs it nothing after the first lap
            }
        };
    }
}

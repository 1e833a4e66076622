package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code lane_split}: deals chunks of {@code chunk_items} round-robin to {@code lanes} outputs; tags go with their
 * items. One call serves each lane at most once (a port is produced once per call).
 */
@AutoService(BlockFactory.class)
public final class LaneSplit implements BlockFactory {

    @Override
    public String id() {
        return "lane_split";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new LaneTurns.LaneBlock(setup) {
            @Override
            public WorkResult work(WorkIo io) {
                InputView in = io.in(0);
                int taken = 0;
                for (int visits = 0; visits < turns.lanes() && in.available() > taken; visits++) {
                    int lane = turns.lane();
                    OutputView out = io.out(lane);
                    int n = (int) Math.min(Math.min(in.available() - taken, out.space()), turns.left());
                    if (n == 0) {
                        break; // this lane is full: the next call resumes here, keeping the order
                    }
                    Items.copy(storage, in, taken * in.itemSize(), out, 0, n * in.itemSize());
                    for (Tag t : in.tags(taken + n)) {
                        if (t.offset() >= in.position() + taken) {
                            out.addTag(out.position() + t.offset() - in.position() - taken, t.key(), t.value());
                        }
                    }
                    io.produce(lane, n);
                    taken += n;
                    if (!turns.advance(n)) {
                        break; // this lane waits for input or space: the next call resumes it, keeping the order
                    }
                }
                io.consume(0, taken);
                return taken == 0 && in.available() == 0 && in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
        };
    }
}

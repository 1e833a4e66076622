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
 * {@code lane_merge}: takes chunks of {@code chunk_items} round-robin from {@code lanes} inputs, restoring the order
 * {@code lane_split} dealt them in; the stream ends when the lane whose turn it is has ended.
 */
@AutoService(BlockFactory.class)
public final class LaneMerge implements BlockFactory {

    @Override
    public String id() {
        return "lane_merge";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new LaneTurns.LaneBlock(setup) {
            @Override
            public WorkResult work(WorkIo io) {
                OutputView out = io.out(0);
                int made = 0;
                for (int visits = 0; visits < turns.lanes(); visits++) {
                    int lane = turns.lane();
                    InputView in = io.in(lane);
                    if (in.available() == 0 && in.finished()) {
                        io.produce(0, made);
                        return made == 0 ? WorkResult.DONE : WorkResult.CONTINUE; // the lane whose turn it is ended
                    }
                    int n = (int) Math.min(Math.min(in.available(), out.space() - made), turns.left());
                    if (n == 0) {
                        break;
                    }
                    Items.copy(storage, in, 0, out, made * out.itemSize(), n * out.itemSize());
                    for (Tag t : in.tags(n)) {
                        out.addTag(out.position() + made + t.offset() - in.position(), t.key(), t.value());
                    }
                    io.consume(lane, n);
                    made += n;
                    if (!turns.advance(n)) {
                        break; // this lane waits for input or space: the next call resumes it, keeping the order
                    }
                }
                io.produce(0, made);
                return WorkResult.CONTINUE;
            }
        };
    }
}

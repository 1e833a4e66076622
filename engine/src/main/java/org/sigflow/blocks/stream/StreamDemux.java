package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code stream_demux}: GNU Radio's stream_demux: the first {@code lengths[0]} input items go to output 0, the next
 * {@code lengths[1]} to output 1, …, round and round; each item's tags go with it.
 */
@AutoService(BlockFactory.class)
public final class StreamDemux implements BlockFactory {

    @Override
    public String id() {
        return "stream_demux";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Demux(StreamType.dtype(setup).storage(), StreamLengths.of(setup, setup.integer("num_outputs")));
    }

    static final class Demux extends StreamLengths.Runs {
        Demux(Dtype.Storage storage, StreamLengths turns) {
            super(storage, turns);
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int available = in.available();
            if (available == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int[] produced = new int[io.outputCount()];
            boolean[] visited = new boolean[produced.length];
            int from = 0;
            while (from < available && !visited[turns.stream()]) {
                int s = turns.stream();
                visited[s] = true;
                OutputView out = io.out(s);
                int n = (int) Math.min(Math.min(available - from, turns.left()), out.space());
                if (n == 0) {
                    break;
                }
                Items.copy(storage, in, from * in.itemSize(), out, 0, n * out.itemSize());
                for (Tag t : in.tags(from + n)) {
                    long k = t.offset() - in.position();
                    if (k >= from) {
                        out.addTag(out.position() + (k - from), t.key(), t.value());
                    }
                }
                produced[s] = n;
                from += n;
                turns.advance(n);
            }
            for (int s = 0; s < produced.length; s++) {
                if (produced[s] > 0) {
                    io.produce(s, produced[s]);
                }
            }
            if (from > 0) {
                io.consume(0, from);
            }
            return WorkResult.CONTINUE;
        }
    }
}

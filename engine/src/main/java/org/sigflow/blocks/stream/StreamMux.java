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
 * {@code stream_mux}: GNU Radio's stream_mux: {@code lengths[0]} items of input 0, then {@code lengths[1]} of input 1,
 * …, round and round; each item's tags go with it. Ends when the input whose turn it is has ended.
 */
@AutoService(BlockFactory.class)
public final class StreamMux implements BlockFactory {

    @Override
    public String id() {
        return "stream_mux";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Mux(StreamType.dtype(setup).storage(), StreamLengths.of(setup, setup.integer("num_inputs")));
    }

    static final class Mux extends StreamLengths.Runs {
        Mux(Dtype.Storage storage, StreamLengths turns) {
            super(storage, turns);
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int[] consumed = new int[io.inputCount()];
            boolean[] visited = new boolean[io.inputCount()];
            int at = 0;
            boolean ended = false;
            while (at < out.space() && !visited[turns.stream()]) {
                int s = turns.stream();
                visited[s] = true;
                InputView in = io.in(s);
                int n = (int) Math.min(Math.min(in.available(), turns.left()), out.space() - at);
                if (n == 0) {
                    ended = in.available() == 0 && in.finished();
                    break;
                }
                Items.copy(storage, in, 0, out, at * out.itemSize(), n * in.itemSize());
                for (Tag t : in.tags(n)) {
                    out.addTag(out.position() + at + (t.offset() - in.position()), t.key(), t.value());
                }
                consumed[s] = n;
                at += n;
                turns.advance(n);
            }
            for (int s = 0; s < consumed.length; s++) {
                if (consumed[s] > 0) {
                    io.consume(s, consumed[s]);
                }
            }
            if (at > 0) {
                io.produce(0, at);
                return WorkResult.CONTINUE;
            }
            return ended ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }
}

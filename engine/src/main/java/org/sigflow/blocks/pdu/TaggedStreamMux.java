package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.LengthTags;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code tagged_stream_mux}: once every input holds a whole packet, joins one packet of each, in input order, into
 * one output packet whose length tag is their sum. Other tags keep their place in the joined packet, except that the tags on the first item of
 * input {@code tag_preserve_head_pos}'s packet go to the first item of the output packet (GNU Radio's rule).
 */
@AutoService(BlockFactory.class)
public final class TaggedStreamMux implements BlockFactory {

    @Override
    public String id() {
        return "tagged_stream_mux";
    }

    @Override
    public Block create(BlockSetup setup) {
        int head = setup.integer("tag_preserve_head_pos");
        int inputs = setup.inputs().size();
        if (head < 0 || head >= Math.max(1, inputs)) {
            throw new IllegalArgumentException("tag_preserve_head_pos must name an input (0 to " + (inputs - 1)
                    + "), got " + head);
        }
        return new Mux(StreamType.dtype(setup).storage(), setup.string("lengthtagname"), head, inputs);
    }

    static final class Mux implements Block {
        private final Dtype.Storage storage;
        private final String key;
        private final int headInput;
        private final int[] lengths;
        /** The input being copied (-1: between packets), and how much of its packet is written. */
        private int current = -1;
        private int done;
        private long packetStart;
        private int packetOffset;

        Mux(Dtype.Storage storage, String key, int headInput, int inputs) {
            this.storage = storage;
            this.key = key;
            this.headInput = headInput;
            this.lengths = new int[inputs];
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            if (current < 0) {
                int total = 0;
                for (int i = 0; i < io.inputCount(); i++) {
                    InputView in = io.in(i);
                    if (in.available() == 0) {
                        return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
                    }
                    lengths[i] = length(in, i);
                    if (in.available() < lengths[i]) {          // whole packets only, as GNU Radio's
                        return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
                    }
                    total += lengths[i];
                }
                if (out.space() == 0) {
                    return WorkResult.CONTINUE;
                }
                packetStart = out.position();
                out.addTag(packetStart, key, (long) total);
                current = 0;
                done = 0;
                packetOffset = 0;
            }
            int produced = 0;
            while (current < io.inputCount()) {
                InputView in = io.in(current);
                int k = Math.min(Math.min(lengths[current] - done, in.available()), out.space() - produced);
                if (k <= 0 && lengths[current] > done) {
                    break;
                }
                for (Tag t : in.tags(k)) {
                    long rel = t.offset() - in.position() + done;
                    if (rel == 0 && t.key().equals(key)) {
                        continue;                                  // the input's length tag: replaced by the sum
                    }
                    long at = rel == 0 && current == headInput ? packetStart : packetStart + packetOffset + rel;
                    out.addTag(at, t.key(), t.value());
                }
                Items.copy(storage, in, 0, out, produced * out.itemSize(), k * in.itemSize());
                io.consume(current, k);
                produced += k;
                done += k;
                if (done == lengths[current]) {
                    packetOffset += done;
                    current++;
                    done = 0;
                } else {
                    break;
                }
            }
            if (current == io.inputCount()) {
                current = -1;
            }
            io.produce(0, produced);
            return WorkResult.CONTINUE;
        }

        private int length(InputView in, int i) {
            return LengthTags.at(in, key, 1, "tagged_stream_mux input " + i);
        }
    }
}

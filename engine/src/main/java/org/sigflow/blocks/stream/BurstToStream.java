package org.sigflow.blocks.stream;

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
 * {@code burst_to_stream}: GNU Radio's {@code blocks.burst_to_stream} (3.11). Tagged bursts (a length tag on each
 * packet's first item) become a continuous stream: a packet is copied whole, never interrupted, and whenever no packet
 * is under way and no input is waiting, the output is filled with zeros, so the stream flows at the rate its
 * consumer (a throttle, a radio) takes it. Where the zeros fall depends on when the bursts arrive, as in GNU Radio.
 * With {@code propagate_tags} every tag of a packet moves with its item; otherwise none is passed.
 */
@AutoService(BlockFactory.class)
public final class BurstToStream implements BlockFactory {

    @Override
    public String id() {
        return "burst_to_stream";
    }

    @Override
    public Block create(BlockSetup setup) {
        StreamType.vlen(setup);
        return new Bursts(StreamType.dtype(setup).storage(), setup.string("len_tag_key"),
                setup.bool("propagate_tags"), "block '" + setup.instanceId() + "' (burst_to_stream)");
    }

    static final class Bursts implements Block {
        private final Dtype.Storage storage;
        private final String key;
        private final boolean propagate;
        private final String who;
        /** Items of the current packet still to copy; 0 between packets. */
        private long remaining;

        Bursts(Dtype.Storage storage, String key, boolean propagate, String who) {
            this.storage = storage;
            this.key = key;
            this.propagate = propagate;
            this.who = who;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            OutputView out = io.out(0);
            int space = out.space();
            int available = in.available();
            if (available == 0) {
                if (in.finished()) {
                    return WorkResult.DONE;
                }
                if (remaining == 0 && space > 0) {        // between bursts: the stream goes on with zeros
                    Items.zero(storage, out, space * out.itemSize());
                    io.produce(0, space);
                }
                return WorkResult.CONTINUE;              // mid-packet: wait for the rest of it
            }
            if (space == 0) {
                return WorkResult.CONTINUE;
            }
            if (remaining == 0) {
                remaining = LengthTags.at(in, key, 1, who);
            }
            int n = (int) Math.min(remaining, Math.min(available, space));
            Items.copy(storage, in, out, n * in.itemSize());
            if (propagate) {
                for (Tag t : in.tags(n)) {
                    out.addTag(out.position() + (t.offset() - in.position()), t.key(), t.value());
                }
            }
            io.consume(0, n);
            io.produce(0, n);
            remaining -= n;
            return WorkResult.CONTINUE;
        }
    }
}

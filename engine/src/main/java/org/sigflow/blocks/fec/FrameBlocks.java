package org.sigflow.blocks.fec;

import org.sigflow.blocks.common.LengthTags;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.RateFraction;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** The two ways GNU Radio deploys a coder on a stream: fixed frames, or one frame per tagged packet. */
final class FrameBlocks {
    private FrameBlocks() {}

    /** Codes one frame: input items from {@code inItem}, output items from {@code outItem} of this call. */
    interface FrameCoder {
        void code(WorkIo io, int inItem, int outItem);
    }

    /**
     * Fixed frames on a plain stream: each of {@code in} items (plus {@code history} more read past it) gives
     * {@code out} items; a partial last frame is dropped.
     */
    static final class Framed implements Block {
        private final int in;
        private final int out;
        private final int history;
        private final FrameCoder coder;

        Framed(int in, int out, int history, FrameCoder coder) {
            this.in = in;
            this.out = out;
            this.history = history;
            this.coder = coder;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            int frames = Math.min((iv.available() - history) / in, io.out(0).space() / out);
            if (frames <= 0) {
                return iv.finished() && iv.available() < in + history ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            for (int f = 0; f < frames; f++) {
                coder.code(io, f * in, f * out);
            }
            io.consumeEach(frames * in);
            io.produceEach(frames * out);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return in + history;
        }

        @Override
        public int outputMultiple() {
            return out;
        }

        @Override
        public double relativeRate() {
            return (double) out / in;
        }

        @Override
        public RateFraction relativeRateFraction() {
            return new RateFraction(out, in);
        }
    }

    /** Sets the frame for a packet of {@code n} items and says how many items it codes to. */
    interface PacketSizer {
        int frame(int n);
    }

    /**
     * One frame per tagged packet, as GNU Radio's tagged_encoder/_decoder: the packet's length tag becomes the coded
     * length; other tags are not carried. A packet over the MTU stops the block with a message.
     */
    static final class Tagged implements Block {
        private final String who;
        private final String key;
        private final int maxIn;
        private final int maxOut;
        private final double rate;
        private final PacketSizer sizer;
        private final FrameCoder coder;

        Tagged(String who, String key, int maxIn, int maxOut, double rate, PacketSizer sizer, FrameCoder coder) {
            this.who = who;
            this.key = key;
            this.maxIn = maxIn;
            this.maxOut = maxOut;
            this.rate = rate;
            this.sizer = sizer;
            this.coder = coder;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            OutputView ov = io.out(0);
            if (iv.available() == 0) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int n = LengthTags.at(iv, key, 1, who);
            if (iv.available() < n) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int m = sizer.frame(n);
            if (ov.space() < m) {
                return WorkResult.CONTINUE;
            }
            coder.code(io, 0, 0);
            ov.addTag(ov.position(), key, (long) m);
            io.consume(0, n);
            io.produce(0, m);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return maxIn;
        }

        @Override
        public int outputMultiple() {
            return maxOut;
        }

        @Override
        public double relativeRate() {
            return rate;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}

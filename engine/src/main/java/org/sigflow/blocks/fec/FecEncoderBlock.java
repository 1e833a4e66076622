package org.sigflow.blocks.fec;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.LengthTags;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.RateFraction;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code fec_encoder}: GNU Radio's {@code fec.extended_encoder} (whole frames of bits → code bits; a partial last
 * frame is dropped) and, with a length tag key, {@code fec.extended_tagged_encoder} (each packet is one frame, its
 * length tag becoming the code length).
 */
@AutoService(BlockFactory.class)
public final class FecEncoderBlock implements BlockFactory {

    @Override
    public String id() {
        return "fec_encoder";
    }

    @Override
    public Block create(BlockSetup s) {
        FecCoders.checkPuncturing(s);
        FecEncoder enc = FecCoders.encoder(s);
        String key = FecCoders.lengthTag(s);
        if (key == null) {
            return new Framed(enc);
        }
        int mtuBits = s.integer("mtu") * 8;
        if (mtuBits < 8) {
            throw new IllegalArgumentException("mtu must be at least 1 byte, got " + s.integer("mtu"));
        }
        enc.setFrameSize(mtuBits);
        return new Tagged(enc, key, mtuBits, enc.outputSize());
    }

    /** Fixed frames on a plain stream. */
    static final class Framed implements Block {
        private final FecEncoder enc;
        private final int in;
        private final int out;

        Framed(FecEncoder enc) {
            this.enc = enc;
            this.in = enc.inputSize();
            this.out = enc.outputSize();
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            OutputView ov = io.out(0);
            int frames = Math.min(iv.available() / in, ov.space() / out);
            if (frames == 0) {
                return iv.finished() && iv.available() < in ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            for (int f = 0; f < frames; f++) {
                enc.encode(iv.bytes(), iv.offset() + f * in, ov.bytes(), ov.offset() + f * out);
            }
            io.consumeEach(frames * in);
            io.produceEach(frames * out);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return in;
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

    /** One frame per tagged packet, as GNU Radio's tagged_encoder (a packet over the MTU stops the block). */
    static final class Tagged implements Block {
        private final FecEncoder enc;
        private final String key;
        private final int mtuBits;
        private final int maxOut;

        Tagged(FecEncoder enc, String key, int mtuBits, int maxOut) {
            this.enc = enc;
            this.key = key;
            this.mtuBits = mtuBits;
            this.maxOut = maxOut;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            OutputView ov = io.out(0);
            if (iv.available() == 0) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int n = LengthTags.at(iv, key, 1, "fec_encoder");
            if (n > mtuBits) {
                throw new IllegalStateException("fec_encoder: a packet of " + n + " bits is larger than the MTU ("
                        + mtuBits + " bits)");
            }
            if (iv.available() < n) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            enc.setFrameSize(n);
            int m = enc.outputSize();
            if (ov.space() < m) {
                return WorkResult.CONTINUE;
            }
            enc.encode(iv.bytes(), iv.offset(), ov.bytes(), ov.offset());
            ov.addTag(ov.position(), key, (long) m);
            io.consume(0, n);
            io.produce(0, m);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return mtuBits;
        }

        @Override
        public int outputMultiple() {
            return maxOut;
        }

        @Override
        public double relativeRate() {
            return enc.rate();
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}

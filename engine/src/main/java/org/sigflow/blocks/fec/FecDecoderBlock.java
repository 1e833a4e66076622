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
 * {@code fec_decoder}: GNU Radio's {@code fec.extended_decoder} (soft symbols, positive meaning 1, → decoded bits,
 * whole frames; a uchar decoder such as the Viterbi gets the symbols ×48 + its shift, rounded and clipped to
 * 0..255, as GNU Radio's multiply/add/float_to_uchar chain) and, with a length tag key,
 * {@code fec.extended_tagged_decoder} (each packet one frame of round(length × rate) bits).
 */
@AutoService(BlockFactory.class)
public final class FecDecoderBlock implements BlockFactory {

    @Override
    public String id() {
        return "fec_decoder";
    }

    @Override
    public Block create(BlockSetup s) {
        FecCoders.checkPuncturing(s);
        FecDecoder dec = FecCoders.decoder(s);
        String key = FecCoders.lengthTag(s);
        if (key == null) {
            return new Framed(dec);
        }
        int mtuBits = s.integer("mtu") * 8;
        if (mtuBits < 8) {
            throw new IllegalArgumentException("mtu must be at least 1 byte, got " + s.integer("mtu"));
        }
        dec.setFrameSize(mtuBits);
        return new Tagged(dec, key, mtuBits);
    }

    /** The symbols a decoder reads: floats, or bytes made as GNU Radio's stream deployment makes them. */
    static Object symbols(FecDecoder dec, float[] in, int ip, int n, int size) {
        if (!dec.ucharInput()) {
            float[] f = new float[size];
            System.arraycopy(in, ip, f, 0, Math.min(n, size));
            return f;
        }
        byte[] b = new byte[size];
        java.util.Arrays.fill(b, FecCoders.streamUchar(0, dec.shift()));
        for (int i = 0; i < Math.min(n, size); i++) {
            b[i] = FecCoders.streamUchar(in[ip + i], dec.shift());
        }
        return b;
    }

    /** Fixed frames on a plain stream; a streaming Viterbi reads its history past each frame. */
    static final class Framed implements Block {
        private final FecDecoder dec;
        private final int in;
        private final int out;
        private final int window;

        Framed(FecDecoder dec) {
            this.dec = dec;
            this.in = dec.inputSize();
            this.out = dec.outputSize();
            this.window = in + dec.history();
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            OutputView ov = io.out(0);
            int frames = Math.min((iv.available() - dec.history()) / in, ov.space() / out);
            if (frames <= 0) {
                return iv.finished() && iv.available() < window ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            float[] f = iv.floats();
            for (int k = 0; k < frames; k++) {
                int at = iv.offset() + k * in;
                dec.decode(symbols(dec, f, at, window, window), 0, ov.bytes(), ov.offset() + k * out);
            }
            io.consumeEach(frames * in);
            io.produceEach(frames * out);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return window;
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

    /**
     * One frame per packet, as GNU Radio 3.10's tagged_decoder. Where a decoder reads past the packet (a terminated
     * Viterbi given round(length/2) bits reads K-1 more pairs), GNU Radio reads whatever follows in its buffer;
     * here those symbols are 0.0 (no information).
     */
    static final class Tagged implements Block {
        private final FecDecoder dec;
        private final String key;
        private final int mtuBits;
        private final int maxOut;

        Tagged(FecDecoder dec, String key, int mtuBits) {
            this.dec = dec;
            this.key = key;
            this.mtuBits = mtuBits;
            this.maxOut = dec.outputSize() + 64;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView iv = io.in(0);
            OutputView ov = io.out(0);
            if (iv.available() == 0) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int n = LengthTags.at(iv, key, 1, "fec_decoder");
            if (Math.round(n * dec.rate()) > mtuBits) {
                throw new IllegalStateException("fec_decoder: a packet of " + n + " symbols decodes to more than the "
                        + "MTU (" + mtuBits + " bits)");
            }
            if (iv.available() < n) {
                return iv.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            dec.setFrameSize((int) Math.round(n * dec.rate()));
            int m = dec.outputSize();
            if (ov.space() < m) {
                return WorkResult.CONTINUE;
            }
            int size = Math.max(n, dec.inputSize() + dec.history() + 2 * 64);
            dec.decode(symbols(dec, iv.floats(), iv.offset(), n, size), 0, ov.bytes(), ov.offset());
            ov.addTag(ov.position(), key, (long) m);
            io.consume(0, n);
            io.produce(0, m);
            return WorkResult.CONTINUE;
        }

        @Override
        public int inputMultiple() {
            return (int) Math.ceil(mtuBits / dec.rate()) + 64;
        }

        @Override
        public int outputMultiple() {
            return maxOut;
        }

        @Override
        public double relativeRate() {
            return dec.rate();
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}

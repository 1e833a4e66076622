package org.sigflow.blocks.fec;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;

/**
 * {@code fec_decoder}: GNU Radio's {@code fec.extended_decoder} (soft symbols, positive meaning 1, → decoded bits,
 * whole frames; a uchar decoder such as the Viterbi gets the symbols ×48 + its shift, rounded and clipped to
 * 0..255, as GNU Radio's multiply/add/float_to_uchar chain; a streaming Viterbi reads its history past each frame)
 * and, with a length tag key, {@code fec.extended_tagged_decoder} (each packet one frame of round(length × rate)
 * bits). Where a decoder reads past a packet (a terminated Viterbi given round(length/2) bits reads K-1 more pairs),
 * GNU Radio reads whatever follows in its buffer; here those symbols are 0.0 (no information).
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
            int window = dec.inputSize() + dec.history();
            return new FrameBlocks.Framed(dec.inputSize(), dec.outputSize(), dec.history(), (WorkIo io, int i, int o) ->
                    dec.decode(symbols(dec, io.in(0).floats(), io.in(0).offset() + i, window, window), 0,
                            io.out(0).bytes(), io.out(0).offset() + o));
        }
        int mtuBits = FecCoders.mtuBits(s);
        dec.setFrameSize(mtuBits);
        int[] packet = new int[1];
        return new FrameBlocks.Tagged("fec_decoder", key, (int) Math.ceil(mtuBits / dec.rate()) + 64,
                dec.outputSize() + 64, dec.rate(), n -> {
                    if (Math.round(n * dec.rate()) > mtuBits) {
                        throw new IllegalStateException("fec_decoder: a packet of " + n + " symbols decodes to more "
                                + "than the MTU (" + mtuBits + " bits)");
                    }
                    packet[0] = n;
                    dec.setFrameSize((int) Math.round(n * dec.rate()));
                    return dec.outputSize();
                }, (WorkIo io, int i, int o) -> dec.decode(symbols(dec, io.in(0).floats(), io.in(0).offset(),
                        packet[0], Math.max(packet[0], dec.inputSize() + dec.history() + 2 * 64)), 0,
                        io.out(0).bytes(), io.out(0).offset()));
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
}

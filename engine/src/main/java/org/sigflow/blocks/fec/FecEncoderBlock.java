package org.sigflow.blocks.fec;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;

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
        FrameBlocks.FrameCoder coder = (WorkIo io, int i, int o) -> enc.encode(io.in(0).bytes(),
                io.in(0).offset() + i, io.out(0).bytes(), io.out(0).offset() + o);
        if (key == null) {
            return new FrameBlocks.Framed(enc.inputSize(), enc.outputSize(), 0, coder);
        }
        int mtuBits = FecCoders.mtuBits(s);
        enc.setFrameSize(mtuBits);
        return new FrameBlocks.Tagged("fec_encoder", key, mtuBits, enc.outputSize(), enc.rate(), n -> {
            if (n > mtuBits) {
                throw new IllegalStateException("fec_encoder: a packet of " + n + " bits is larger than the MTU ("
                        + mtuBits + " bits)");
            }
            enc.setFrameSize(n);
            return enc.outputSize();
        }, coder);
    }
}

package org.sigflow.blocks.fec;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fec_async_decoder}: GNU Radio 3.10's {@code fec.async_decoder}. Each f32 PDU of soft symbols on {@code in}
 * is decoded (a uchar decoder gets them ×48 + its shift, cut to bytes as C does) and posted on {@code out} as bits,
 * or packed into bytes (LSB first with {@code rev_pack}), with {@code iterations} (the decoder's: -1, or the LDPC
 * sum-product decoder's count) added to the metadata. Frame
 * sizes follow GNU Radio's arithmetic, its quirks included (a padded terminated code loses the padding twice).
 */
@AutoService(BlockFactory.class)
public final class FecAsyncDecoderBlock implements BlockFactory {

    @Override
    public String id() {
        return "fec_async_decoder";
    }

    @Override
    public Block create(BlockSetup s) {
        FecDecoder dec = FecCoders.decoder(s);
        if (dec.history() > 0) {
            throw new IllegalArgumentException("fec_async_decoder: a decoder that reads past its frame (a streaming "
                    + "Viterbi) cannot decode PDUs, as in GNU Radio; choose another mode");
        }
        return new AsyncDecoder(dec, s.bool("packed"), s.bool("rev_pack"), s.integer("mtu"));
    }

    static final class AsyncDecoder extends AsyncPduBlock {
        private static final Pmt ITERATIONS = Pmt.symbol("iterations");
        private final FecDecoder dec;
        private final boolean packed;
        private final boolean revPack;
        private final long maxBitsIn;
        private byte[] scratchBytes = new byte[0];
        private float[] scratchFloats = new float[0];

        AsyncDecoder(FecDecoder dec, boolean packed, boolean revPack, int mtu) {
            this.dec = dec;
            this.packed = packed;
            this.revPack = revPack;
            this.maxBitsIn = (long) (mtu * 8 * 1.0 / dec.rate());
        }

        @Override
        Pmt convert(Pmt message) {
            Pmt.Pair pdu = AsyncPdus.pdu(message, UniformKind.F32, "fec_async_decoder");
            float[] in = (float[]) ((Pmt.Uniform) pdu.cdr()).data();
            if (packed) {
                byte[] out = decodePacked(in);
                return new Pmt.Pair(pdu.car(), new Pmt.Uniform(UniformKind.U8, out));
            }
            byte[] bits = decodeUnpacked(in);
            Pmt.Dict meta = Pdus.meta(pdu).with(ITERATIONS, new Pmt.Real(dec.iterations()));
            return new Pmt.Pair(meta, new Pmt.Uniform(UniformKind.U8, bits));
        }

        private byte[] decodeUnpacked(float[] in) {
            int diff = (int) (dec.rate() * dec.inputSize() - dec.outputSize());
            long nIn = in.length;
            boolean variable = dec.setFrameSize((int) (long) (nIn * dec.rate() - diff));
            if (variable && nIn > maxBitsIn) {
                throw new IllegalArgumentException("fec_async_decoder: a PDU of " + nIn + " symbols is larger than "
                        + "the largest frame (" + maxBitsIn + ")");
            }
            long blocks = 1;
            long nOut;
            if (variable) {
                nOut = (long) (nIn * dec.rate() - diff);
            } else {
                blocks = nIn / dec.inputSize();
                nOut = blocks * dec.outputSize();
                if (blocks * dec.inputSize() != nIn) {
                    throw new IllegalArgumentException("fec_async_decoder: a PDU of " + nIn + " symbols does not "
                            + "divide into frames of " + dec.inputSize());
                }
            }
            byte[] out = new byte[(int) nOut];
            byte[] scratch = new byte[Math.max(out.length, dec.outputSize()) + 8];
            Object symbols = symbols(in);
            if (dec.ucharInput()) {
                dec.decode(symbols, 0, scratch, 0);
            } else {
                for (int i = 0; i < blocks; i++) {
                    dec.decode(symbols, i * dec.inputSize(), scratch, i * dec.outputSize());
                }
            }
            System.arraycopy(scratch, 0, out, 0, out.length);
            return out;
        }

        private byte[] decodePacked(float[] in) {
            int nbitsOut = (int) (in.length * dec.rate());
            if (in.length > maxBitsIn) {
                throw new IllegalArgumentException("fec_async_decoder: a PDU of " + in.length + " symbols is larger "
                        + "than the largest frame (" + maxBitsIn + ")");
            }
            dec.setFrameSize(nbitsOut);
            byte[] bits = new byte[Math.max(nbitsOut, dec.outputSize()) + 8];
            dec.decode(symbols(in), 0, bits, 0);
            return AsyncPdus.pack(bits, nbitsOut / 8, revPack);
        }

        /**
         * GNU Radio's scratch copy: ×48 + shift cut to bytes for a uchar decoder, else + shift. It is kept from PDU to
         * PDU as GNU Radio keeps its buffer, so a decoder reading past a short PDU (tailbiting reads 6(K-1) pairs
         * from the frame's start) sees what GNU Radio sees there: the previous PDUs' symbols.
         */
        private Object symbols(float[] in) {
            int size = Math.max(in.length, dec.inputSize() + dec.history()) + 128;
            if (dec.ucharInput()) {
                if (scratchBytes.length < size) {
                    scratchBytes = java.util.Arrays.copyOf(scratchBytes, size);
                }
                for (int i = 0; i < in.length; i++) {
                    scratchBytes[i] = FecCoders.asyncUchar(in[i], dec.shift());
                }
                return scratchBytes;
            }
            if (scratchFloats.length < size) {
                scratchFloats = java.util.Arrays.copyOf(scratchFloats, size);
            }
            for (int i = 0; i < in.length; i++) {
                scratchFloats[i] = in[i] + dec.shift();
            }
            return scratchFloats;
        }
    }
}

package org.sigflow.blocks.fec;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code fec_async_encoder}: GNU Radio 3.10's {@code fec.async_encoder}. Each u8 PDU on {@code in} is encoded as one
 * frame and posted on {@code out} with its metadata. Unpacked: one bit per byte in and out (a frame size the encoder
 * cannot take is cut into its frames). Packed: bytes in, unpacked LSB first with {@code rev_unpack} (else MSB
 * first), code bits packed into bytes LSB first with {@code rev_pack}; a CCSDS encoder takes the bytes as they are.
 */
@AutoService(BlockFactory.class)
public final class FecAsyncEncoderBlock implements BlockFactory {

    @Override
    public String id() {
        return "fec_async_encoder";
    }

    @Override
    public Block create(BlockSetup s) {
        return new AsyncEncoder(FecCoders.encoder(s), s.bool("packed"), s.bool("rev_unpack"), s.bool("rev_pack"),
                s.integer("mtu"));
    }

    static final class AsyncEncoder extends AsyncPduBlock {
        private final FecEncoder enc;
        private final boolean packed;
        private final boolean revUnpack;
        private final boolean revPack;
        private final int mtu;
        private byte[] bitsIn = new byte[0];

        AsyncEncoder(FecEncoder enc, boolean packed, boolean revUnpack, boolean revPack, int mtu) {
            this.enc = enc;
            this.packed = packed;
            this.revUnpack = revUnpack;
            this.revPack = revPack;
            this.mtu = mtu;
        }

        @Override
        Pmt convert(Pmt message) {
            Pmt.Pair pdu = AsyncPdus.pdu(message, UniformKind.U8, "fec_async_encoder");
            byte[] in = (byte[]) ((Pmt.Uniform) pdu.cdr()).data();
            byte[] out = packed ? encodePacked(in) : encodeUnpacked(in);
            return new Pmt.Pair(pdu.car(), new Pmt.Uniform(UniformKind.U8, out));
        }

        private byte[] encodeUnpacked(byte[] bits) {
            int n = bits.length;
            if (n > mtu * 8) {
                throw new IllegalArgumentException("fec_async_encoder: a PDU of " + n + " bits is larger than the MTU ("
                        + mtu * 8 + " bits)");
            }
            boolean variable = enc.setFrameSize(n);
            int blocks = 1;
            int nout;
            if (variable) {
                nout = enc.outputSize();
            } else {
                blocks = n / enc.inputSize();
                if (blocks * enc.inputSize() != n) {
                    throw new IllegalArgumentException("fec_async_encoder: a PDU of " + n + " bits does not divide "
                            + "into frames of " + enc.inputSize());
                }
                nout = blocks * enc.outputSize();
            }
            byte[] out = new byte[nout];
            if (enc.packedInput()) {
                enc.encode(bits, 0, out, 0);     // GNU Radio packs whole bytes MSB first: the same bits
            } else {
                for (int i = 0; i < blocks; i++) {
                    enc.encode(bits, i * enc.inputSize(), out, i * enc.outputSize());
                }
            }
            return out;
        }

        private byte[] encodePacked(byte[] bytes) {
            if (bytes.length > mtu) {
                throw new IllegalArgumentException("fec_async_encoder: a PDU of " + bytes.length + " bytes is larger "
                        + "than the MTU (" + mtu + ")");
            }
            enc.setFrameSize(8 * bytes.length);
            int nbytesOut = enc.outputSize() / 8;
            byte[] bits = AsyncPdus.unpack(bytes, revUnpack && !enc.packedInput());
            // GNU Radio's input buffer is kept from PDU to PDU: a fixed-frame encoder (ldpc_encoder) given a shorter
            // PDU reads the previous PDUs' bits past it, as here
            if (bitsIn.length < Math.max(bits.length, enc.inputSize())) {
                bitsIn = java.util.Arrays.copyOf(bitsIn, Math.max(bits.length, enc.inputSize()));
            }
            System.arraycopy(bits, 0, bitsIn, 0, bits.length);
            byte[] code = new byte[Math.max(enc.outputSize(), 8 * nbytesOut)];
            enc.encode(bitsIn, 0, code, 0);
            return AsyncPdus.pack(code, nbytesOut, revPack);
        }
    }
}

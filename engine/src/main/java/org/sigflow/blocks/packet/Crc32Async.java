package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.sigflow.blocks.pdu.MessageOnlyBlock;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code crc32_async}: GNU Radio's {@code crc32_async_bb}. Generate: appends the CRC-32 of a byte PDU's payload
 * (IEEE 802.3: reflected polynomial 0x04C11DB7, initial and final XOR 0xFFFFFFFF), least significant byte first.
 * Check: verifies and strips those 4 bytes, dropping a PDU whose CRC does not match. Metadata passes unchanged.
 */
@AutoService(BlockFactory.class)
public final class Crc32Async implements BlockFactory {

    @Override
    public String id() {
        return "crc32_async";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Crc(setup.bool("check"));
    }

    /** The CRC-32 of {@code len} bytes of {@code b} (the same as GNU Radio's {@code crc(32, 0x04C11DB7, …)}). */
    static int crc32(byte[] b, int len) {
        CRC32 crc = new CRC32();
        crc.update(b, 0, len);
        return (int) crc.getValue();
    }

    static final class Crc extends MessageOnlyBlock {
        private final boolean check;
        private volatile long passed;
        private volatile long failed;

        Crc(boolean check) {
            this.check = check;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            Pmt.Pair pdu = bytePdu(message, "crc32_async");
            byte[] in = (byte[]) ((Pmt.Uniform) pdu.cdr()).data();
            if (!check) {
                byte[] out = Arrays.copyOf(in, in.length + 4);
                int crc = crc32(in, in.length);
                for (int i = 0; i < 4; i++) {
                    out[in.length + i] = (byte) (crc >>> (8 * i));
                }
                post("out", new Pmt.Pair(pdu.car(), new Pmt.Uniform(UniformKind.U8, out)));
                return;
            }
            int n = in.length - 4;
            if (n < 0 || crc32(in, n) != (in[n] & 0xff | (in[n + 1] & 0xff) << 8 | (in[n + 2] & 0xff) << 16
                    | (in[n + 3] & 0xff) << 24)) {
                failed++;
                return;
            }
            passed++;
            post("out", new Pmt.Pair(pdu.car(), new Pmt.Uniform(UniformKind.U8, Arrays.copyOf(in, n))));
        }

        @Override
        public java.util.Map<String, Double> extraMetrics() {
            return java.util.Map.of("passed", (double) passed, "failed", (double) failed);
        }
    }
}

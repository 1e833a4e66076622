package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.WholePacketBlock;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;

/**
 * {@code crc32}: GNU Radio's {@code crc32_bb}, a tagged-stream block. Generate: appends the CRC-32 of each packet (4
 * bytes, least significant first; unpacked: the packet is bits, packed least significant bit first, and the CRC's
 * 32 bits follow, least significant first). Check: verifies and strips the CRC, dropping a packet that fails. The
 * packet's tags keep their offsets (in check mode those past the shortened packet go to its last item); the output
 * length tag counts the output packet.
 */
@AutoService(BlockFactory.class)
public final class Crc32Stream implements BlockFactory {

    @Override
    public String id() {
        return "crc32";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Crc(setup.bool("check"), setup.string("lengthtagname"), setup.bool("packed"));
    }

    static final class Crc extends WholePacketBlock {
        private final boolean check;
        private final boolean packed;
        private final int crcLength;

        Crc(boolean check, String key, boolean packed) {
            super(key, "crc32");
            this.check = check;
            this.packed = packed;
            this.crcLength = packed ? 4 : 32;
        }

        private int crc(byte[] b, int off, int len) {
            if (packed) {
                byte[] p = java.util.Arrays.copyOfRange(b, off, off + len);
                return Crc32Async.crc32(p, len);
            }
            byte[] p = new byte[len == 0 ? 0 : 1 + (len - 1) / 8];
            for (int bit = 0; bit < len; bit++) {
                p[bit / 8] |= (byte) ((b[off + bit] & 0xff) << (bit % 8));
            }
            return Crc32Async.crc32(p, p.length);
        }

        @Override
        protected void packet(WorkIo io, InputView in, OutputView out, int n) {
            int produced = check ? n - crcLength : n + crcLength;
            if (out.space() < Math.max(0, produced)) {
                return;
            }
            byte[] src = in.bytes();
            int i0 = in.offset();
            if (check && (n <= crcLength || !matches(src, i0, n))) {
                io.consume(0, n);                                     // dropped
                return;
            }
            byte[] dst = out.bytes();
            int o0 = out.offset();
            System.arraycopy(src, i0, dst, o0, check ? produced : n);
            if (!check) {
                int crc = crc(src, i0, n);
                for (int i = 0; i < crcLength; i++) {
                    dst[o0 + n + i] = (byte) (packed ? crc >>> (8 * i) : crc >>> i & 1);
                }
            }
            out.addTag(out.position(), key, (long) produced);
            for (Tag t : in.tags(n)) {
                if (t.key().equals(key)) {
                    continue;                                         // replaced by the output's length tag
                }
                long rel = t.offset() - in.position();
                if (check && rel > produced) {
                    rel = produced - 1;
                }
                out.addTag(out.position() + rel, t.key(), t.value());
            }
            io.consume(0, n);
            io.produce(0, produced);
        }

        private boolean matches(byte[] src, int i0, int n) {
            int len = n - crcLength;
            int crc = crc(src, i0, len);
            if (packed) {
                int got = src[i0 + len] & 0xff | (src[i0 + len + 1] & 0xff) << 8 | (src[i0 + len + 2] & 0xff) << 16
                        | (src[i0 + len + 3] & 0xff) << 24;
                return got == crc;
            }
            for (int i = 0; i < 32; i++) {
                if ((crc >>> i & 1) != src[i0 + len + i]) {
                    return false;
                }
            }
            return true;
        }
    }
}

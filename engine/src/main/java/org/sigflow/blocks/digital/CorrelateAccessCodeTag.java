package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code correlate_access_code_tag}: passes bits (bytes, low bit) or soft bits (floats, sliced at 0: {@code >= 0} is
 * 1) unchanged and tags the item right after each place where the last {@code len(access_code)} bits differ from the
 * access code in at most {@code threshold} bits; the tag's value is that number of differing bits (a long), as GNU
 * Radio's correlate_access_code_tag_bb/ff. No tag is looked for before the register holds a whole code.
 */
final class CorrelateAccessCodeTag extends SyncBlock {
    private final boolean soft;
    private final long code;
    private final long mask;
    private final int length;
    private final int threshold;
    private final String key;
    private long register;
    private int filled;

    CorrelateAccessCodeTag(boolean soft, String accessCode, int threshold, String key) {
        this.soft = soft;
        this.length = accessCode.length();
        this.mask = length == 0 ? 0 : -1L >>> (64 - length);
        long c = 0;
        for (int i = 0; i < length; i++) {
            c = (c << 1) | (accessCode.charAt(i) & 1);
        }
        this.code = c;
        this.threshold = threshold;
        this.key = key;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int ip = io.in(0).offset();
        int op = io.out(0).offset();
        long at = io.out(0).position();
        float[] fin = soft ? io.in(0).floats() : null;
        byte[] bin = soft ? null : io.in(0).bytes();
        for (int i = 0; i < steps; i++) {
            int bit;
            if (soft) {
                float v = fin[ip + i];
                io.out(0).floats()[op + i] = v;
                bit = v >= 0 ? 1 : 0;
            } else {
                byte v = bin[ip + i];
                io.out(0).bytes()[op + i] = v;
                bit = v & 1;
            }
            long wrong = threshold + 1L;
            if (filled < length) {
                filled++;
            } else {
                wrong = Long.bitCount((register ^ code) & mask);
            }
            register = (register << 1) | bit;
            if (wrong <= threshold) {
                io.out(0).addTag(at + i, key, wrong);
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "correlate_access_code_tag";
        }

        @Override
        public Block create(BlockSetup s) {
            Dtype type = StreamType.dtype(s, Dtype.U8, Dtype.F32);
            String code = s.string("access_code");
            String name = "correlate_access_code_tag '" + s.instanceId() + "'";
            if (code.length() > 64 || !code.matches("[01]*")) {
                throw new IllegalArgumentException(name + ": the access code must be at most 64 characters 0 or 1, got '"
                        + code + "'");
            }
            return new CorrelateAccessCodeTag(type == Dtype.F32, code, s.integer("threshold"), s.string("tag_name"));
        }
    }
}

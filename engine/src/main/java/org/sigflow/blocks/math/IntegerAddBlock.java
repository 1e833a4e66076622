package org.sigflow.blocks.math;

import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code add} of s16 or s32 streams (GNU Radio's add_ss / add_ii): the sum in the stream's integer type, wrapping on
 * overflow as GNU Radio's {@code T acc += in} does.
 */
final class IntegerAddBlock extends SyncBlock {
    private final boolean shorts;

    IntegerAddBlock(boolean shorts) {
        this.shorts = shorts;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int n = steps * io.out(0).itemSize();
        int o = io.out(0).offset();
        if (shorts) {
            short[] d = io.out(0).shorts();
            for (int i = 0; i < n; i++) {
                int sum = 0;
                for (int p = 0; p < io.inputCount(); p++) {
                    sum += io.in(p).shorts()[io.in(p).offset() + i];
                }
                d[o + i] = (short) sum;
            }
        } else {
            int[] d = io.out(0).ints();
            for (int i = 0; i < n; i++) {
                int sum = 0;
                for (int p = 0; p < io.inputCount(); p++) {
                    sum += io.in(p).ints()[io.in(p).offset() + i];
                }
                d[o + i] = sum;
            }
        }
    }
}

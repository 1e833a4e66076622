package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.DcBlocker;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code dc_blocker}: GNU Radio's {@code dc_blocker_cc/ff} (see {@link DcBlocker}). */
public final class DcBlockerBlock extends SyncBlock {
    private final DcBlocker blocker;

    DcBlockerBlock(DcBlocker blocker) {
        this.blocker = blocker;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        blocker.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "dc_blocker";
        }

        @Override
        public DcBlockerBlock create(BlockSetup s) {
            return new DcBlockerBlock(new DcBlocker(s.integer("length"), s.bool("long_form"),
                    s.string("type").equals("cf32")));
        }
    }
}

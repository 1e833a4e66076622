package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code lane_split_cuda}: deals GPU pages round-robin to {@code lanes} outputs (page k to lane k mod N). */
final class LaneSplitCuda extends PageLanes {
    LaneSplitCuda(int lanes, int device) {
        super(lanes, 1, lanes, device);
    }

    @Override
    int inPort() {
        return 0;
    }

    @Override
    int outPort() {
        return (int) (pages % lanes);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("lane_split");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new LaneSplitCuda(s.integer("lanes"), DeviceChoice.of(s));
        }
    }
}

package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code lane_merge_cuda}: takes GPU pages round-robin from {@code lanes} inputs, in the order the split dealt them. */
final class LaneMergeCuda extends PageLanes {
    LaneMergeCuda(int lanes, int device) {
        super(lanes, lanes, 1, device);
    }

    @Override
    int inPort() {
        return (int) (pages % lanes);
    }

    @Override
    int outPort() {
        return 0;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("lane_merge");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new LaneMergeCuda(s.integer("lanes"), DeviceChoice.of(s));
        }
    }
}

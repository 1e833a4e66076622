package org.sigflow.blocks.cuda;

import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.GpuCount;
import org.sigflow.runtime.BlockSetup;

/** The GPU a block runs on: its {@code device} param, checked against the devices this machine has. */
public final class DeviceChoice {
    private DeviceChoice() {}

    /**
     * The device index of a block built while CUDA is available.
     *
     * @throws IllegalArgumentException naming the block when the device does not exist
     */
    public static int of(BlockSetup setup) {
        int device = setup.has(GpuDeviceParam.ID) ? setup.integer(GpuDeviceParam.ID) : 0;
        String problem = GpuCount.problem(device, Cuda.deviceCount());
        if (problem != null) {
            throw new IllegalArgumentException("block " + setup.instanceId() + ": " + problem);
        }
        return device;
    }
}

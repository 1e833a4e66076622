package org.sigflow.validate;

import java.util.Collection;
import java.util.List;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.GpuCount;
import org.sigflow.expr.Value;

/**
 * Refuses a GPU block's {@code device} that this machine does not have, naming the block. Device 0 needs no probe
 * (without CUDA every block runs on the CPU and the index is not used), so graphs on one GPU never touch the driver
 * here.
 */
final class DeviceIndexCheck {
    private DeviceIndexCheck() {}

    static void check(Collection<ResolvedBlock> blocks, List<Problem> problems) {
        for (ResolvedBlock b : blocks) {
            BlockDef def = b.def();
            Value v = b.params().get(GpuDeviceParam.ID);
            if (v == null || !GpuDeviceParam.appliesTo(def.domain(), def.inputs(), def.outputs())) {
                continue;
            }
            int device = v.asInt();
            if (device > 0 && Cuda.available()) {
                String problem = GpuCount.problem(device, Cuda.deviceCount());
                if (problem != null) {
                    problems.add(Problem.error("block '" + b.id() + "'", problem));
                }
            }
        }
    }
}

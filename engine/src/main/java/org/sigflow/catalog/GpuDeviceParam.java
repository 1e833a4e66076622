package org.sigflow.catalog;

import java.util.List;

/**
 * The {@code device} param every block with a GPU port gets from the catalog loader (CUDA blocks and the memory
 * nodes), so the twenty-odd catalog files need not repeat it: the CUDA device (0, 1, …) whose context, streams and
 * memory the block uses. It defaults to {@code gpu_device}, the graph's GPU (a graph variable of that name, 0 when
 * the graph defines none). Without a usable CUDA device the param is ignored (every block runs on the CPU).
 */
public final class GpuDeviceParam {
    public static final String ID = "device";

    private GpuDeviceParam() {}

    public static final ParamDef DEF = new ParamDef(ID, "GPU Device", ParamType.INT, "gpu_device", List.of(), List.of(),
            0.0, 1023.0, null, false, "GPU",
            "Index of the CUDA device this block runs on (nvidia-smi's order). Default: the graph's GPU, the variable "
                    + "gpu_device (0 when the graph defines none). An edge between blocks on different devices is "
                    + "copied peer to peer, or through pinned host memory where the devices cannot reach each other.");

    /** True for an entry with a port in GPU memory (whose block therefore needs a device). */
    public static boolean appliesTo(Domain domain, List<PortDef> inputs, List<PortDef> outputs) {
        return domain == Domain.CUDA || inputs.stream().anyMatch(p -> p.domainOr(domain) == Domain.CUDA)
                || outputs.stream().anyMatch(p -> p.domainOr(domain) == Domain.CUDA);
    }

    /** Adds the param (last, unless the entry declares its own {@code device}). */
    static void addTo(Domain domain, List<ParamDef> params, List<PortDef> inputs, List<PortDef> outputs) {
        if (appliesTo(domain, inputs, outputs) && params.stream().noneMatch(p -> p.id().equals(ID))) {
            params.add(DEF);
        }
    }
}

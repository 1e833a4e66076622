package org.sigflow.app.model;

import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;

/** Puts blocks on a GPU: sets the {@code device} param of the blocks with GPU ports in a selection (one edit). */
public final class GpuDevices {
    private GpuDevices() {}

    /** Those of {@code ids} whose block has GPU ports (CUDA blocks, memory nodes), in the given order. */
    public static List<String> gpuBlocks(Graph g, Catalog catalog, Collection<String> ids) {
        return ids.stream().filter(id -> g.block(id).flatMap(b -> catalog.find(b.type()))
                .filter(d -> GpuDeviceParam.appliesTo(d.domain(), d.inputs(), d.outputs())).isPresent()).toList();
    }

    /**
     * Sets the blocks' device to {@code device}, or with {@code null} back to the graph's GPU (the param is removed,
     * so the catalog default {@code gpu_device} applies).
     */
    public static UnaryOperator<Graph> set(Collection<String> ids, Integer device) {
        return g -> {
            Graph out = g;
            for (String id : ids) {
                out = out.withBlockEdited(id, b -> withDevice(b, device));
            }
            return out;
        };
    }

    private static BlockInstance withDevice(BlockInstance b, Integer device) {
        return device == null ? b.withoutParam(GpuDeviceParam.ID) : b.withParam(GpuDeviceParam.ID, String.valueOf(device));
    }
}

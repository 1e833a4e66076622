package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import org.sigflow.blocks.cuda.fusion.FusedOp;
import org.sigflow.blocks.cuda.fusion.FusedSource;
import org.sigflow.blocks.cuda.fusion.FusionPlanner;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.Driver;
import org.sigflow.cuda.Nvrtc;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;

/**
 * Fuses chains of adjacent element-wise CUDA blocks at graph start ({@link FusionPlanner} picks them): each chain's
 * kernel is generated ({@link FusedSource}) and compiled by NVRTC once per process and source, and its blocks join
 * one {@link FusedChain}. {@code -Dsigflow.cuda.fusion=off} keeps every block on its own kernel (the unfused path);
 * without CUDA, the FFM driver binding or NVRTC, nothing is fused and the graph runs unfused.
 */
public final class CudaFusion {
    private static final System.Logger LOG = System.getLogger(CudaFusion.class.getName());
    private static final Map<String, byte[]> COMPILED = new ConcurrentHashMap<>();
    /** Kernel arguments one FFM launch passes (LaunchArgs). */
    private static final int MAX_ARGS = 32;

    private CudaFusion() {}

    /** True unless {@code -Dsigflow.cuda.fusion} is off/false. */
    public static boolean enabled() {
        String v = System.getProperty("sigflow.cuda.fusion", "on").trim().toLowerCase(Locale.ROOT);
        return !(v.equals("off") || v.equals("false"));
    }

    /**
     * Plans and sets up the fused chains of a graph about to start (call before its blocks start). Returns the
     * chains fused, as block ids; a chain whose kernel cannot be compiled stays unfused (with a warning).
     */
    public static List<List<String>> apply(List<FlowNode> nodes, List<FlowEdge> edges) {
        List<FusionPlanner.Node> plan = new ArrayList<>();
        int fusable = 0;
        for (FlowNode n : nodes) {
            // a FusableCuda block exists only where CUDA is available (else its factory built the CPU twin)
            FusedOp op = n.block() instanceof FusableCuda f && n.block() instanceof CudaBlock ? f.fusedOp() : null;
            fusable += op != null ? 1 : 0;
            plan.add(new FusionPlanner.Node(n.id(), op, n.inputs().size(), n.outputs().size(), n.block().tagPolicy(),
                    n.inputs().isEmpty() ? 0 : n.inputs().getFirst().vlen(),
                    n.outputs().isEmpty() ? 0 : n.outputs().getFirst().vlen()));
        }
        if (fusable < 2 || !enabled() || !Cuda.available() || Driver.get() == null) {
            return List.of();
        }
        List<List<String>> fused = new ArrayList<>();
        for (List<FusionPlanner.Node> chain : FusionPlanner.chains(plan, edges)) {
            List<String> ids = chain.stream().map(FusionPlanner.Node::id).toList();
            int args = chain.getFirst().op().inputs() + 2 + chain.stream().mapToInt(n -> n.op().constants()).sum();
            if (args > MAX_ARGS) {
                LOG.log(System.Logger.Level.WARNING, "blocks " + String.join(", ", ids) + " run unfused: " + args
                        + " kernel arguments, more than " + MAX_ARGS);
                continue;
            }
            String source = FusedSource.generate(chain.stream().map(FusionPlanner.Node::op).toList(), ids);
            byte[] cubin;
            try {
                cubin = COMPILED.computeIfAbsent(source, s -> Nvrtc.get().compile(s, "fused.cu", architecture()));
            } catch (CudaException e) {
                LOG.log(System.Logger.Level.WARNING, "blocks " + String.join(", ", ids) + " run unfused: "
                        + e.getMessage());
                continue;
            }
            List<CudaBlock> members = new ArrayList<>();
            for (String id : ids) {
                members.add((CudaBlock) nodes.stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow().block());
            }
            if (members.stream().mapToInt(CudaBlock::device).distinct().count() > 1) {
                continue; // one kernel runs on one GPU: a chain across devices stays unfused
            }
            FusedChain c = new FusedChain(members, cubin, chain.getFirst().vlenIn(), "fused " + String.join("+", ids));
            for (int i = 0; i < members.size(); i++) {
                members.get(i).joinFusion(c, i);
            }
            fused.add(ids);
        }
        return fused;
    }

    /** Compute capability of device 0 as NVRTC's sm_XY number. */
    private static int architecture() {
        CUdevice dev = new CUdevice();
        cuDeviceGet(dev, 0);
        int[] major = {0};
        int[] minor = {0};
        cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
        cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
        return major[0] * 10 + minor[0];
    }
}

package org.sigflow.blocks.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Addresses;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.Driver;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.PageRing;

/**
 * Host microseconds per driver call of a CUDA block's page (docs/performance.md, "Small pages"): event record,
 * stream wait, kernel launch (JCuda and FFM), and graph launches of the captured page (kernel only; waits + kernel +
 * records; with timing events too), on 1 thread and on 8 threads at once (each its own stream: the driver's
 * locking). Run on the GPU machine: {@code java -cp test/classes:lib/* org.sigflow.blocks.cuda.LaunchCostBench}.
 */
public final class LaunchCostBench {
    private static final int BATCH = 200;
    private static final int BATCHES = 40;

    private LaunchCostBench() {}

    public static void main(String[] args) throws Exception {
        if (!Cuda.available()) {
            System.out.println("no CUDA device: " + Cuda.status().reason());
            return;
        }
        for (int threads : new int[] {1, 8}) {
            List<Thread> ts = new ArrayList<>();
            List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < threads; t++) {
                Thread th = Thread.ofPlatform().start(() -> lines.add(measure()));
                ts.add(th);
            }
            for (Thread th : ts) {
                th.join();
            }
            System.out.println("== " + threads + " thread(s) at once, host us per call (median thread):");
            System.out.println(lines.stream().sorted().toList().get(lines.size() / 2));
        }
    }

    private static String measure() {
        Cuda cuda = Cuda.get();
        cuda.bindThread();
        CUstream s = Events.stream();
        Driver d = Driver.get();
        long sa = Addresses.of(s);
        PageRing in = new PageRing(cuda, 3, 4096, 8);
        PageRing out = new PageRing(cuda, 3, 4096, 8);
        var inSlot = in.tryAcquire();
        var outSlot = out.tryAcquire();
        CUevent a = Events.timing();
        CUevent b = Events.timing();
        long ea = Addresses.of(a);
        long w = Addresses.of(inSlot.written());
        long c = Addresses.of(outSlot.consumed());
        Runnable kernel = () -> cuda.kernels().launch("sf_scale_cf32", s, 1024, inSlot.page().ptr(), outSlot.page().ptr(),
                4096L, 0.5f, 0.5f);
        StringBuilder r = new StringBuilder();
        r.append(f("record jcuda", time(s, () -> JCudaDriver.cuEventRecord(a, s))));
        r.append(f("record ffm", time(s, () -> d.record(ea, sa))));
        r.append(f("wait ffm", time(s, () -> d.await(sa, w, 0))));
        r.append(f("query ffm", time(s, () -> d.query(ea))));
        CUfunction fn = cuda.kernels().function("sf_scale_cf32");
        r.append(f("launch jcuda", time(s, () -> {
            NativePointerObject[] p = {Pointer.to(inSlot.page().ptr()), Pointer.to(outSlot.page().ptr()),
                Pointer.to(new long[] {4096}), Pointer.to(new float[] {0.5f}), Pointer.to(new float[] {0.5f})};
            JCudaDriver.cuLaunchKernel(fn, 4, 1, 1, 256, 1, 1, 0, s, Pointer.to(p), null);
        })));
        r.append(f("launch ffm", time(s, kernel)));
        long g1 = capture(d, s, () -> kernel.run());
        long g2 = capture(d, s, () -> {
            Events.awaitCaptured(s, inSlot.written());
            Events.awaitCaptured(s, outSlot.consumed());
            kernel.run();
            Events.recordCaptured(outSlot.written(), s);
            Events.recordCaptured(inSlot.consumed(), s);
        });
        long g3 = capture(d, s, () -> {
            Events.awaitCaptured(s, inSlot.written());
            Events.awaitCaptured(s, outSlot.consumed());
            Events.recordCaptured(a, s);
            kernel.run();
            Events.recordCaptured(b, s);
            Events.recordCaptured(outSlot.written(), s);
            Events.recordCaptured(inSlot.consumed(), s);
        });
        r.append(f("graph kernel", time(s, () -> d.launchGraph(g1, sa))));
        r.append(f("graph page", time(s, () -> d.launchGraph(g2, sa))));
        r.append(f("graph timed page", time(s, () -> d.launchGraph(g3, sa))));
        r.append(f("direct page ffm (2 waits, launch, 2 records)", time(s, () -> {
            d.await(sa, w, 0);
            d.await(sa, c, 0);
            kernel.run();
            d.record(Addresses.of(outSlot.written()), sa);
            d.record(Addresses.of(inSlot.consumed()), sa);
        })));
        DeviceMemory.drain(s);
        return r.toString();
    }

    private static long capture(Driver d, CUstream s, Runnable work) {
        d.beginCapture(Addresses.of(s));
        work.run();
        long g = d.endCapture(Addresses.of(s));
        long exec = d.instantiate(g);
        d.destroyGraph(g);
        return exec;
    }

    /** Median over batches of host microseconds per call; the stream drains between batches (not timed). */
    private static double time(CUstream s, Runnable call) {
        double[] us = new double[BATCHES];
        for (int k = 0; k < BATCHES; k++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < BATCH; i++) {
                call.run();
            }
            us[k] = (System.nanoTime() - t0) / 1e3 / BATCH;
            DeviceMemory.drain(s);
        }
        java.util.Arrays.sort(us);
        return us[BATCHES / 2];
    }

    private static String f(String what, double us) {
        return String.format(Locale.ROOT, "  %-46s %7.2f%n", what, us);
    }
}

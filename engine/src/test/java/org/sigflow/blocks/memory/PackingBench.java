package org.sigflow.blocks.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.sigflow.catalog.Dtype;

/**
 * The host packer's rate per thread count, to choose {@link PackingThreads#COUNT} and {@link PackingThreads#PIECE}
 * on the GPU machine (a benchmark, not a test: no assertion). As the memory nodes do: pieces of an off-heap ring
 * packed into staging pages (h2d), staging pages unpacked into an off-heap ring (d2h), both at once (a chain's two
 * nodes), over an L3-sized ring (16 MiB, the node's own) and a DRAM-sized one (256 MiB); beside each, plain copies of
 * the same bytes (the host memory's own bound). Prints Gsps of cf32 samples (two floats) and GB/s of cf32 moved.
 * Usage: {@code java ... org.sigflow.blocks.memory.PackingBench [seconds per case, default 0.4] [threads list]};
 * {@code -Dbench.rings=16,256} (MiB) and {@code -Dbench.formats=fp32,int8} narrow the cases.
 */
public final class PackingBench {
    private static final long PAGE = 4L << 20; // elements per staging page (a 512-point FFT page of 8192 vectors)

    private PackingBench() {}

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 0.4;
        String[] counts = (args.length > 1 ? args[1] : "1,2,4,6,8,12,15").split(",");
        System.out.printf("cores %d, pool threads %d, piece %d elements, default threads %d%n",
                Runtime.getRuntime().availableProcessors(), Integer.getInteger("sigflow.packingThreads.pool",
                        Math.min(16, Runtime.getRuntime().availableProcessors()) - 1),
                PackingThreads.PIECE, PackingThreads.COUNT);
        for (WireFormat w : WireFormat.values()) { // the JIT's first tiers would count against the first cases
            rate(w, 16L << 20, 2, 2 * seconds, true, true);
        }
        java.util.List<WireFormat> formats = java.util.Arrays.stream(System.getProperty("bench.formats",
                "fp32,fp16,int16,int8").split(",")).map(f -> WireFormat.valueOf(f.trim().toUpperCase())).toList();
        for (String mib : System.getProperty("bench.rings", "16,256").split(",")) {
            long ringBytes = Long.parseLong(mib.trim()) << 20;
            for (String c : counts) {
                int t = Integer.parseInt(c.trim());
                StringBuilder line = new StringBuilder(String.format("ring %3d MiB, %2d threads:", ringBytes >> 20, t));
                for (WireFormat w : formats) {
                    double pack = rate(w, ringBytes, t, seconds, true, false);
                    double unpack = rate(w, ringBytes, t, seconds, false, false);
                    double both = rate(w, ringBytes, t, seconds, true, true);
                    line.append(String.format("  %s pack %.2f unpack %.2f both %.2f", w.name().toLowerCase(), pack,
                            unpack, both));
                }
                System.out.println(line.append("  (Gsps cf32; fp32 = plain copies: x8 for GB/s)"));
            }
        }
    }

    /**
     * Gsps of cf32 samples through one node (or, with {@code both}, through each of two nodes at once: a packer and an
     * unpacker, each on its own calling thread with {@code threads} split threads, the slower one's rate).
     */
    private static double rate(WireFormat w, long ringBytes, int threads, double seconds, boolean pack, boolean both)
            throws Exception {
        if (!both) {
            return new Node(w, ringBytes, threads, pack).run(seconds);
        }
        Node a = new Node(w, ringBytes, threads, true);
        Node b = new Node(w, ringBytes, threads, false);
        CompletableFuture<Double> fb = CompletableFuture.supplyAsync(() -> b.run(seconds));
        double ra = a.run(seconds);
        return Math.min(ra, fb.get());
    }

    private static final java.util.Map<String, HostPacking> PAGES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.Map<String, MemorySegment> RINGS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A ring of noise (one per size and direction, made once: a fresh 256 MiB ring per case costs its page faults). */
    private static MemorySegment ring(long bytes, boolean pack) {
        return RINGS.computeIfAbsent(bytes + "/" + pack, key -> {
            MemorySegment ring = Arena.global().allocate(bytes, 64);
            Random r = new Random(1);
            for (long i = 0; i < bytes / 4; i++) {
                ring.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) r.nextGaussian() * 0.3f);
            }
            return ring;
        });
    }

    /** One memory node's host side: a ring, three staging pages, pieces packed (or unpacked) in turn. */
    private static final class Node {
        private final MemorySegment ring;
        private final HostPacking[] packers = new HostPacking[3];
        private final int threads;
        private final boolean pack;
        private final long ringElements;

        Node(WireFormat w, long ringBytes, int threads, boolean pack) {
            this.threads = threads;
            this.pack = pack;
            ring = ring(ringBytes, pack);
            ringElements = ringBytes / 4;
            for (int k = 0; k < packers.length; k++) { // staging pages made once per format, direction and slot
                packers[k] = PAGES.computeIfAbsent(w + "/" + pack + "/" + k, key -> new HostPacking(Dtype.Storage.FLOAT, w,
                        ByteBuffer.allocateDirect((int) (PAGE * w.bytes())).order(ByteOrder.nativeOrder())));
            }
        }

        double run(double seconds) {
            long elements = 0;
            long ringAt = 0;
            long pageAt = 0;
            int k = 0;
            long start = 0;
            long deadline = Long.MAX_VALUE;
            for (int warm = -3; System.nanoTime() < deadline; warm++) {
                if (warm == 0) {
                    start = System.nanoTime();
                    deadline = start + (long) (seconds * 1e9);
                    elements = 0;
                }
                int n = (int) Math.min(PackingThreads.PIECE, Math.min(ringElements - ringAt, PAGE - pageAt));
                if (pack) {
                    pack(packers[k], ringAt, n, (int) pageAt);
                } else {
                    unpack(packers[k], (int) pageAt, ringAt, n);
                }
                elements += n;
                ringAt = (ringAt + n) % ringElements;
                pageAt += n;
                if (pageAt == PAGE) {
                    pageAt = 0;
                    k = (k + 1) % packers.length;
                }
            }
            return elements / 2.0 / ((System.nanoTime() - start) * 1e-9) / 1e9;
        }

        private void pack(HostPacking p, long at, int n, int pageAt) {
            p.packSegment(ring, at, n, pageAt, threads);
        }

        private void unpack(HostPacking p, int pageAt, long at, int n) {
            p.unpackSegment(pageAt, ring, at, n, threads);
        }
    }
}

package org.sigflow.blocks.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The threads the memory nodes split a large copy or conversion over: one thread moves 5–14 GB/s between the Java
 * heap and pinned memory (measured on the GPU machine), a PCIe 5 link in both directions wants about 100 GB/s. A
 * span is cut into parts of at least {@link #GRAIN} elements (a chunk of 1 Mi elements into 8 pieces); the calling
 * thread does the first part itself. Shared
 * by all memory nodes of the process; {@code -Dsigflow.packingThreads=N} sets the count (default half the cores, at
 * most 8; 1 turns the split off).
 */
final class PackingThreads {
    static final int GRAIN = 1 << 16;
    /**
     * Elements a memory node asks to move per work call ({@link org.sigflow.runtime.Block#chunkElements}), at most a
     * page. 1 Mi elements (4 MiB, a 16 MiB ring) measured best on the GPU machine: 2.1x the end-to-end rate of 4 Mi,
     * whose 64 MiB rings fall out of the caches and halve even the source's own rate; 256 Ki pays too many calls.
     * {@code -Dsigflow.memory.chunkElements=N} overrides it.
     */
    static final int CHUNK = Integer.getInteger("sigflow.memory.chunkElements", 1 << 20);
    /**
     * Bytes a memory node moves per work call (4 MiB: {@link #CHUNK} cf32 elements), unless the elements are set;
     * {@code -Dsigflow.memory.chunkBytes=N} sets the bytes for every type.
     */
    static final long CHUNK_BYTES = Long.getLong("sigflow.memory.chunkBytes", 4L << 20);

    /**
     * {@link #CHUNK} for elements of {@code elementBytes}: the same bytes per call for every type (a cs8 stream's
     * 1 Mi-element chunk was a quarter of cf32's bytes, so twice as many calls and DMA pieces per byte), unless
     * {@code -Dsigflow.memory.chunkElements} fixes the elements.
     */
    static int chunk(int elementBytes) {
        return System.getProperty("sigflow.memory.chunkElements") != null ? CHUNK
                : (int) (CHUNK_BYTES / Math.max(1, elementBytes));
    }

    /**
     * Pages a memory node moves per work call at most when pages are small ({@code -Dsigflow.memory.pagesPerCall}):
     * at 4 Ki-item pages the wake-ups between the source, the node and its CUDA reader cost more than the page.
     */
    static final int PAGES_PER_CALL = Integer.getInteger("sigflow.memory.pagesPerCall", 8);

    /** A memory node's work-call chunk for pages of {@code pageElements}: up to {@link #PAGES_PER_CALL} pages. */
    static int chunk(long pageElements, int elementBytes) {
        int c = chunk(elementBytes);
        return (int) Math.min(c, pageElements < c ? pageElements * Math.max(1, Math.min(PAGES_PER_CALL, c / pageElements))
                : pageElements);
    }
    /**
     * Elements a memory node packs before it queues their copy ({@code -Dsigflow.memory.packPieceElements}): 1 Mi
     * (4 MiB of cf32 read, 1–2 MiB written), split over {@link #COUNT} threads, stays in the last-level cache between
     * the packing and the DMA that reads it.
     */
    static final int PIECE = Integer.getInteger("sigflow.memory.packPieceElements", 1 << 20);
    static final int COUNT = Integer.getInteger("sigflow.packingThreads",
            Math.max(1, Math.min(8, org.sigflow.runtime.ThreadAffinity.cpuCount() / 2)));
    /**
     * Both memory nodes of a chain split at once: the pool has room for both (all cores but one, at most 15;
     * {@code -Dsigflow.packingThreads.pool=N}: N, e.g. fewer, so two spinning callers and the team never outnumber
     * the cores).
     */
    private static final int POOL_THREADS = Integer.getInteger("sigflow.packingThreads.pool",
            Math.min(16, org.sigflow.runtime.ThreadAffinity.cpuCount()) - 1);
    /** Spinning threads ({@link PackingTeam}), unless its spin is set to 0; then the plain pool below. */
    private static final boolean SPINNING = COUNT > 1 && POOL_THREADS > 0 && PackingTeam.SPIN_NANOS > 0;
    /**
     * {@code -Dsigflow.packingThreads.teams=2}: packing (h2d) and unpacking (d2h) each on a team of its own, half the
     * pool each, so one direction's parts never queue behind the other's; with {@code -Dsigflow.packingThreads.pin=true}
     * the two teams, and each node thread at its first split, on disjoint halves of the cores ({@link CoreHalves}).
     */
    private static final boolean TWO_TEAMS = SPINNING && Integer.getInteger("sigflow.packingThreads.teams", 1) == 2;
    private static final boolean PIN = TWO_TEAMS && Boolean.getBoolean("sigflow.packingThreads.pin");
    private static final List<List<Integer>> HALVES = PIN
            ? CoreHalves.halves(CoreHalves.siblings(org.sigflow.runtime.ThreadAffinity.cpuCount())) : null;
    private static final PackingTeam[] TEAMS = TWO_TEAMS ? new PackingTeam[] {
        new PackingTeam(teamSize(0), "sigflow-packing-h2d-", PIN ? HALVES.get(0) : List.of()),
        new PackingTeam(teamSize(1), "sigflow-packing-d2h-", PIN ? HALVES.get(1) : List.of())
    } : SPINNING ? new PackingTeam[] {new PackingTeam(POOL_THREADS), null} : null;
    /**
     * Threads of the packing (0) or unpacking (1) team: half the pool; pinned, the half's CPUs but one (its node
     * thread's), so no spinning thread of a half waits for a core behind another (on a 2-core machine a team thread
     * and its caller pinned to one CPU packed at 0.00–0.01 Gsps).
     */
    private static int teamSize(int half) {
        if (PIN) {
            return Math.min(half == 0 ? POOL_THREADS / 2 : POOL_THREADS - POOL_THREADS / 2,
                    Math.max(0, HALVES.get(half).size() - 1));
        }
        return half == 0 ? POOL_THREADS / 2 : POOL_THREADS - POOL_THREADS / 2;
    }

    /** Whether this (node) thread has been pinned to its direction's half. */
    private static final ThreadLocal<boolean[]> PINNED = ThreadLocal.withInitial(() -> new boolean[1]);

    static {
        if (PIN) {
            System.err.println("packing teams pinned: h2d cpus " + HALVES.get(0) + ", d2h cpus " + HALVES.get(1));
        }
    }

    private static final ExecutorService POOL = COUNT > 1 && !SPINNING ? Executors.newFixedThreadPool(
            Math.max(1, POOL_THREADS), r -> {
        Thread t = new Thread(r, "sigflow-packing");
        t.setDaemon(true);
        return t;
    }) : null;

    /** Work on elements {@code [from, to)} of a span, adding its energies to {@code energy}. */
    interface Part {
        void run(int from, int to, double[] energy);
    }

    private PackingThreads() {}

    /** Runs {@code part} over {@code [0, n)} in up to {@link #COUNT} pieces and sums their energies into {@code energy}. */
    static void split(int n, double[] energy, Part part) {
        split(n, energy, part, COUNT);
    }

    /** {@link #split(int, double[], Part)} over at most {@code threads} threads (to measure the count). */
    static void split(int n, double[] energy, Part part, int threads) {
        split(n, energy, part, threads, true);
    }

    /** As above, by the packing ({@code packing}, h2d) or the unpacking team (with two teams; else the one). */
    static void split(int n, double[] energy, Part part, int threads, boolean packing) {
        int pieces = POOL == null && !SPINNING ? 1 : (int) Math.min(threads, Math.max(1, n / GRAIN));
        if (pieces == 1) {
            part.run(0, n, energy);
            return;
        }
        int step = (n / pieces + 63) & ~63; // whole cache lines (and even: complex pairs stay together)
        if (SPINNING) {
            PackingTeam team = TWO_TEAMS ? TEAMS[packing ? 0 : 1] : TEAMS[0];
            if (PIN && !PINNED.get()[0]) {
                CoreHalves.pin(HALVES.get(packing ? 0 : 1)); // tried once: where it fails the thread runs anywhere
                PINNED.get()[0] = true;
            }
            List<PackingTeam.Task> tasks = new ArrayList<>(pieces - 1);
            for (int from = step; from < n; from += step) {
                PackingTeam.Task t = new PackingTeam.Task(part, from, Math.min(n, from + step));
                tasks.add(t);
                team.submit(t);
            }
            part.run(0, Math.min(n, step), energy);
            long waitFrom = PackTrace.ENABLED ? System.nanoTime() : 0;
            for (PackingTeam.Task t : tasks) {
                team.await(t);
                energy[0] += t.energy[0];
                energy[1] += t.energy[1];
            }
            if (PackTrace.ENABLED) {
                PackTrace.PART_WAIT.get()[0] += System.nanoTime() - waitFrom;
            }
            return;
        }
        List<Future<double[]>> others = new ArrayList<>(pieces - 1);
        for (int from = step; from < n; from += step) {
            int f = from;
            int t = Math.min(n, from + step);
            others.add(POOL.submit(() -> {
                double[] e = new double[2];
                part.run(f, t, e);
                return e;
            }));
        }
        part.run(0, Math.min(n, step), energy);
        for (Future<double[]> f : others) {
            double[] e = join(f);
            energy[0] += e[0];
            energy[1] += e[1];
        }
    }

    private static double[] join(Future<double[]> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while packing", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}

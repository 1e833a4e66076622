package org.sigflow.blocks.memory;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Daemon threads that take the parts of a {@link PackingThreads#split} and spin for a while after each before they
 * park, so a node's next piece (a few hundred microseconds later while a stream runs) starts on threads already
 * awake: a thread pool's park and wake-up per part cost about as long as packing a 512 KiB part (H100 machine,
 * 2026-11-27: plain copies of 1 Mi-element pieces over 8 pool threads 3.0 Gsps from one node, 4.5 from each of two
 * nodes at once, whose parts kept the pool awake; spinning 200 µs: 5.5 against the pool's 2.5 Gsps, one node, same
 * call). The caller runs queued parts itself while it waits for its own.
 * {@code -Dsigflow.packingThreads.spinMicros=N} sets the spin (default 200; 0: the plain pool).
 */
final class PackingTeam {
    static final long SPIN_NANOS = 1000L * Long.getLong("sigflow.packingThreads.spinMicros", 200);
    /**
     * Whether a spinning thread yields its core ({@code -Dsigflow.packingThreads.yield=true}; default not): an idle
     * team thread between parts, and a caller waiting for a part another thread has taken. With more spinning threads
     * than cores (two nodes' callers and 15 team threads on 16 cores, beside the chain's other threads) a spinner
     * holds a core for its time slice while the thread it waits for may not be running. Not measured on the GPU
     * machine yet (on the loaded 2-core machine both settings gave the same spread).
     */
    static final boolean YIELD = Boolean.getBoolean("sigflow.packingThreads.yield");

    /** One part of a split: its span, its energies and whether it is done. */
    static final class Task {
        final PackingThreads.Part part;
        final int from;
        final int to;
        final double[] energy = new double[2];
        volatile boolean done;
        volatile RuntimeException failure;

        Task(PackingThreads.Part part, int from, int to) {
            this.part = part;
            this.from = from;
            this.to = to;
        }

        void run() {
            try {
                part.run(from, to, energy);
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                done = true;
            }
        }
    }

    private final ConcurrentLinkedQueue<Task> queue = new ConcurrentLinkedQueue<>();
    private final Thread[] threads;
    private final java.util.concurrent.atomic.AtomicIntegerArray sleeping;

    PackingTeam(int count) {
        this(count, "sigflow-packing-", java.util.List.of());
    }

    /** A team whose threads pin themselves to {@code cpus} (none: not pinned). */
    PackingTeam(int count, String name, java.util.List<Integer> cpus) {
        threads = new Thread[count];
        sleeping = new java.util.concurrent.atomic.AtomicIntegerArray(count);
        for (int k = 0; k < count; k++) {
            int me = k;
            threads[k] = new Thread(() -> {
                if (!cpus.isEmpty()) {
                    CoreHalves.pin(cpus);
                }
                loop(me);
            }, name + k);
            threads[k].setDaemon(true);
            threads[k].start();
        }
    }

    /** Queues a part and wakes a parked thread for it. */
    void submit(Task t) {
        queue.add(t);
        for (int k = 0; k < threads.length; k++) {
            if (sleeping.get(k) == 1 && sleeping.compareAndSet(k, 1, 0)) {
                LockSupport.unpark(threads[k]);
                return;
            }
        }
    }

    /** Until {@code t} is done: runs queued parts (its own split's or another node's), else spins. */
    void await(Task t) {
        while (!t.done) {
            Task other = queue.poll();
            if (other != null) {
                if (PackTrace.ENABLED) {
                    PackTrace.CALLER_PARTS.increment();
                }
                other.run();
            } else {
                spin();
            }
        }
        if (t.failure != null) {
            throw t.failure;
        }
    }

    private static void spin() {
        if (YIELD) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    private void loop(int me) {
        long idleSince = System.nanoTime();
        while (true) {
            Task t = queue.poll();
            if (t != null) {
                long started = PackTrace.ENABLED ? System.nanoTime() : 0;
                t.run();
                if (PackTrace.ENABLED) {
                    long now = System.nanoTime();
                    PackTrace.TEAM_PARTS.increment();
                    PackTrace.TEAM_RUN_NANOS.add(now - started);
                    PackTrace.TEAM_SPIN_NANOS.add(started - idleSince);
                }
                idleSince = System.nanoTime();
            } else if (System.nanoTime() - idleSince < SPIN_NANOS) {
                spin();
            } else {
                if (PackTrace.ENABLED) {
                    PackTrace.TEAM_SPIN_NANOS.add(System.nanoTime() - idleSince);
                    PackTrace.TEAM_PARKS.increment();
                }
                sleeping.set(me, 1);
                if (queue.isEmpty()) { // a part queued after the flag was set finds this thread asleep and wakes it
                    LockSupport.park(this);
                }
                sleeping.set(me, 0);
                idleSince = System.nanoTime();
            }
        }
    }
}

package org.sigflow.blocks.memory;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuMemHostRegister;
import static jcuda.driver.JCudaDriver.cuMemHostUnregister;

import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Copies;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.CudaException;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.cuda.Events;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageRing;
import org.sigflow.cuda.PageSlot;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The downloads of one CUDA block's outputs, queued together ({@link DownloadGroups} forms it). Each member
 * ({@code memory_d2h}) keeps its own CPU ring and its own view of it, but makes no driver call per page: it hands over
 * its next device page and where in its (pinned) ring the page goes, and the member that completes a page set queues
 * the whole set on the group's one stream: one wait for the writer's written-event, for a cs16/cs8 host stream one
 * narrowing kernel over all the pages (a table of their addresses), one copy per member, one consumed-event and one
 * done-event. One waiter thread sleeps on the done-events and wakes the members, which then publish their items.
 * (Before, the 64 downloads of the channelizer were 64 threads each waiting, narrowing, copying and recording per
 * page, and the channelizer could not go on until the last of them had queued: docs/performance.md.)
 *
 * <p>The writer records its outputs' written-events one after the other on one stream, so the last member's event
 * covers all; the consumed-event of member 0's page is recorded after every copy of the set, and the writer's wait on
 * the others' (never recorded) events is empty. The group is used only when, at the first page, every member has an
 * off-heap CPU ring and pages of a power-of-two size from a ring on its own device (then a page never straddles its
 * ring's end); otherwise every member takes its own path, as without the group.
 */
final class DownloadGroup {
    /** Page sets handed over and not yet published, at most (each has its wire buffer when narrowing). */
    private static final int DEPTH = 4;
    /** {@code -Dsigflow.memory.groupAwaitDecision=false}: a member returns without waiting, as before (to reproduce). */
    private static final boolean AWAIT_DECISION =
            Boolean.parseBoolean(System.getProperty("sigflow.memory.groupAwaitDecision", "true"));
    private static final int UNDECIDED = 0;
    private static final int ON = 1;
    private static final int OFF = 2;

    private final Member[] members;
    private final int size;
    private final int device;
    /** The table kernel narrowing every member's page (cs16/cs8 host stream), or null to copy pages as they are. */
    private final String narrowKernel;
    private final int itemSize;
    private final int hostElementBytes;

    private final AtomicInteger reported = new AtomicInteger();
    private volatile boolean declined;
    private volatile int state = UNDECIDED;

    /** Per set slot and member: host address, device page, items; per set slot: the events of the writer's pages. */
    private final long[][] dest;
    private final CUdeviceptr[][] src;
    private final long[][] items;
    private final CUevent[] written = new CUevent[DEPTH];
    private final CUevent[] consumed = new CUevent[DEPTH];
    private final AtomicInteger[] armed = new AtomicInteger[DEPTH];

    private final ReentrantLock lock = new ReentrantLock();
    private volatile long queued;
    private volatile long landed;
    private volatile Throwable failure;
    /** Device side, made by the first member to queue a set (under the lock). */
    private Cuda cuda;
    private CUstream stream;
    /** The narrowing kernels' stream, and per set slot the event the copies wait for. */
    private CUstream narrowStream;
    private final CUevent[] narrowed = new CUevent[DEPTH];
    private volatile KernelTimer timer;
    private final CUevent[] done = new CUevent[DEPTH];
    private final DevicePage[] wire = new DevicePage[DEPTH];
    private final Map<CUdeviceptr, DevicePage> tables = new IdentityHashMap<>();
    private final BlockingQueue<CUevent> toWait = new ArrayBlockingQueue<>(DEPTH + 1);
    private final CUevent stopMark = new CUevent();
    private Thread waiter;
    private final AtomicInteger running;
    /** The members' rings at one stride, for 2D copies of a narrowed set ({@link StridedRings}); null: a copy each. */
    private volatile StridedRings strided;

    /** One member's state, used by its own thread only (its thread field also by whoever wakes it). */
    private static final class Member {
        volatile Thread thread;
        boolean reported;
        PageRing ring;
        MemorySegment segment;
        MemorySegment pinned;
        long armed;
        long released;
        long produced;
        long inFlight;
    }

    DownloadGroup(List<DeviceDownload> nodes) {
        DeviceDownload first = nodes.getFirst();
        size = nodes.size();
        device = first.device();
        itemSize = first.itemSize();
        hostElementBytes = first.hostElementBytes();
        narrowKernel = first.narrowKernel() == null ? null : first.narrowKernel() + "_pages";
        members = new Member[size];
        for (int k = 0; k < size; k++) {
            members[k] = new Member();
        }
        dest = new long[DEPTH][size];
        src = new CUdeviceptr[DEPTH][size];
        items = new long[DEPTH][size];
        for (int s = 0; s < DEPTH; s++) {
            armed[s] = new AtomicInteger();
        }
        running = new AtomicInteger(size);
    }

    int size() {
        return size;
    }

    /**
     * Member {@code k}'s work call: its items landed since the last call are published, its pages queued are
     * released to the writer, and its next page is handed over. Null once the group has declined (the member then
     * takes its own path).
     */
    WorkResult work(int k, WorkIo io) {
        Member m = members[k];
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (state != ON && !decided(m, in, out)) {
            if (state == OFF) {
                return null;
            }
            if (!m.reported || !in.finished() || !AWAIT_DECISION || !awaitDecision()) {
                return WorkResult.CONTINUE; // the others' first pages decide; the last one wakes us
            }
            if (state == OFF) {
                return null;
            }
        }
        if (m.pinned == null) {
            pin(m, out.segment());
        }
        if (in.finished() && m.armed > m.produced && landed <= m.produced && queued <= m.released
                && !awaitGroup(m)) {
            return WorkResult.DONE; // another member has stopped: the run is being ended
        }
        Throwable t = failure;
        if (t != null) {
            throw new CudaException("the grouped download failed: " + t.getMessage());
        }
        int produce = landedItems(m, k);
        int consume = queuedItems(m, k);
        if (m.armed == m.released && in.available() - consume > 0 && m.armed - m.produced < DEPTH) {
            PageSlot page = m.ring.head();
            long n = page.items();
            if (n <= out.space() - m.inFlight) {
                int s = slot(m.armed);
                dest[s][k] = out.segment().address()
                        + (out.offset() + m.inFlight * itemSize) * (long) hostElementBytes;
                src[s][k] = page.page().ptr();
                items[s][k] = n;
                if (k == size - 1) {
                    written[s] = page.written();
                }
                if (k == 0) {
                    consumed[s] = page.consumed();
                }
                m.armed++;
                m.inFlight += n;
                if (armed[s].incrementAndGet() == size) {
                    queueReady();
                }
            } else if (m.inFlight == 0 && straddles(out, n)) {
                throw new IllegalStateException("a page of " + n + " items does not fit before the end of its CPU"
                        + " ring; run with -Dsigflow.memory.groupDownloads=false");
            } else if (m.inFlight == 0) {
                out.needsRoom((int) n); // waits for the sink to read, also once upstream has ended
            }
        }
        if (produce == 0 && consume == 0 && in.finished() && m.armed > m.produced) {
            // it only handed over its page: now that upstream has ended this call must show progress too, or its
            // runner ends and the group's last sets with it (waits as above, then takes what the group did)
            if (!awaitGroup(m)) {
                return WorkResult.DONE;
            }
            produce = landedItems(m, k);
            consume = queuedItems(m, k);
        }
        io.consume(0, consume);
        io.produce(0, produce);
        m.inFlight -= produce;
        if (in.finished() && in.available() == consume && m.armed == m.produced && m.released == m.armed) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    /** Items of member {@code k}'s sets landed since it last looked (it publishes them). */
    private int landedItems(Member m, int k) {
        int n = 0;
        for (long l = landed; m.produced < l && m.produced < m.armed; m.produced++) {
            n += (int) items[slot(m.produced)][k];
        }
        return n;
    }

    /** Items of member {@code k}'s sets queued since it last looked: their pages go back to the writer. */
    private int queuedItems(Member m, int k) {
        int n = 0;
        for (long q = queued; m.released < q && m.released < m.armed; m.released++) {
            m.ring.release();
            n += (int) items[slot(m.released)][k];
        }
        return n;
    }

    /**
     * Upstream has ended and this member's pages are still with the group: a call without progress would end its
     * runner, so it waits here (woken by the group) until a page of it is queued or lands; false if a member left.
     */
    private boolean awaitGroup(Member m) {
        while (landed <= m.produced && queued <= m.released && failure == null) {
            if (running.get() < size) {
                return false;
            }
            LockSupport.parkNanos(this, 1_000_000L);
        }
        return true;
    }

    /**
     * Upstream has ended before every member has seen its first page (the writer's page ring held the whole stream):
     * a call without progress would end this member's runner, and with it every set of the group, so the others then
     * ended with nothing delivered (GpuDownloadGroupTest, whole GPU group, H100). It waits here until the last member
     * decides; false if a member left first.
     */
    private boolean awaitDecision() {
        while (state == UNDECIDED) {
            if (running.get() < size) {
                return false;
            }
            LockSupport.parkNanos(this, 1_000_000L);
        }
        return true;
    }

    /** Whether the free window ends at the ring's end (it is not the reader holding the space). */
    private boolean straddles(OutputView out, long n) {
        long end = (out.offset() + (long) out.space() * itemSize) * hostElementBytes;
        return end > out.segment().byteSize() - org.sigflow.runtime.buffer.StreamBuffer.PAGE && out.space() < n;
    }

    /** At a member's first page: reports whether it can join; true once every member has and the group is on. */
    private boolean decided(Member m, InputView in, OutputView out) {
        if (!m.reported && (in.available() > 0 || in.finished())) {
            m.thread = Thread.currentThread();
            m.reported = true;
            Object pages = in.available() > 0 ? in.attachment() : null;
            boolean ok = pages instanceof PageRing r && r.cuda() == Cuda.get(device) && out.segment() != null
                    && Long.bitCount(r.pageItems()) == 1;
            if (ok) {
                m.ring = (PageRing) pages;
                m.segment = out.segment();
            } else {
                declined = true;
            }
            if (reported.incrementAndGet() == size) {
                if (!declined && narrowKernel != null && StridedRings.enabled()) {
                    layOut();
                }
                state = declined ? OFF : ON;
                wakeAll();
            }
        } else if (m.thread == null) {
            m.thread = Thread.currentThread();
        }
        return state == ON;
    }

    /**
     * Finds the members' rings that lie at one stride and pins each such span once (its members then skip their own
     * pinning); before the group is on, so every member sees it.
     */
    private void layOut() {
        MemorySegment[] rings = new MemorySegment[size];
        for (int k = 0; k < size; k++) {
            rings[k] = members[k].segment;
        }
        StridedRings s = StridedRings.of(rings);
        strided = s; // before pinning: whatever it pins, the last member to leave unpins
        boolean[] covered = s.pinSpans();
        for (int k = 0; k < size; k++) {
            if (covered[k]) {
                members[k].pinned = MemorySegment.NULL; // pinned with its span: not this member's to undo
            }
        }
    }

    private void pin(Member m, MemorySegment ring) {
        int r = cuMemHostRegister(Pointer.to(ring.asByteBuffer()), ring.byteSize(), 0);
        if (r != CUresult.CUDA_SUCCESS && r != CUresult.CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED) {
            throw new CudaException("cuMemHostRegister of the CPU ring (" + ring.byteSize() + " bytes) failed: "
                    + CUresult.stringFor(r));
        }
        m.pinned = r == CUresult.CUDA_SUCCESS ? ring : MemorySegment.NULL; // NULL: pinned by another, not ours to undo
    }

    /** Queues every completely handed-over set, oldest first (whichever member completes one). */
    private void queueReady() {
        lock.lock();
        try {
            while (armed[slot(queued)].get() == size) {
                armed[slot(queued)].set(0); // before the set can land: a member may then hand over the slot's next set
                queueSet(queued);
            }
        } finally {
            lock.unlock();
        }
        wakeAll(); // the members release their pages to the writer now, not at the next landing
    }

    private void queueSet(long set) {
        if (stream == null) {
            openDevice();
        }
        int s = slot(set);
        long n = items[s][0];
        for (int k = 1; k < size; k++) {
            if (items[s][k] != n) {
                throw new IllegalStateException("the grouped outputs' pages differ in size (" + n + " and "
                        + items[s][k] + " items)");
            }
        }
        long bytes = n * itemSize * hostElementBytes;
        if (narrowKernel != null) { // narrowed on its own stream: the next set's kernel runs while this set copies
            StridedRings layout = strided;
            CUdeviceptr[] pages = src[s].clone();
            if (layout != null) { // the wire buffer in the rings' address order
                int[] order = layout.order();
                for (int r = 0; r < size; r++) {
                    pages[r] = src[s][order[r]];
                }
            }
            DevicePage table = tables.computeIfAbsent(src[s][0], p -> DeviceMemory.uploadAddresses(cuda, pages));
            if (wire[s] == null || wire[s].bytes() < size * bytes) {
                if (wire[s] != null) {
                    DeviceMemory.drain(narrowStream);
                    DeviceMemory.drain(stream);
                    cuda.devicePool().release(wire[s]);
                }
                wire[s] = cuda.devicePool().acquire(size * bytes);
            }
            long per = n * itemSize;
            int blocks = (int) Math.max(1, Math.min((per / 2 + 255) / 256, 4L * cuda.multiprocessors()));
            Events.await(narrowStream, written[s]);
            cuda.kernels().launchGrid2d(narrowKernel, narrowStream, blocks, size, 256, 0, table.ptr(), wire[s].ptr(),
                    per);
            Events.record(consumed[s], narrowStream); // the writer's pages are read: it may refill them
            Events.record(narrowed[s], narrowStream);
            Events.await(stream, narrowed[s]);
            timer.begin(stream);
            if (layout != null) {
                layout.copy(dest[s], wire[s].ptr(), bytes, stream);
            } else {
                for (int k = 0; k < size; k++) {
                    Copies.toHost(dest[s][k], wire[s].ptr(), k * bytes, bytes, stream);
                }
            }
            timer.end(stream);
        } else {
            Events.await(stream, written[s]);
            timer.begin(stream);
            for (int k = 0; k < size; k++) {
                Copies.toHost(dest[s][k], src[s][k], 0, bytes, stream);
            }
            timer.end(stream);
            Events.record(consumed[s], stream);
        }
        Events.record(done[s], stream);
        queued = set + 1; // before it can land: a member's pages are released, then published
        if (!toWait.offer(done[s])) {
            throw new IllegalStateException("grouped download: too many sets in flight");
        }
    }

    private void openDevice() {
        cuda = Cuda.get(device);
        stream = Events.stream();
        narrowStream = Events.stream();
        timer = new KernelTimer(8);
        for (int s = 0; s < DEPTH; s++) {
            narrowed[s] = Events.ordering();
            done[s] = new CUevent();
            int r = cuEventCreate(done[s], CUevent_flags.CU_EVENT_BLOCKING_SYNC | CUevent_flags.CU_EVENT_DISABLE_TIMING);
            if (r != CUresult.CUDA_SUCCESS) {
                throw new CudaException("cuEventCreate failed: " + CUresult.stringFor(r));
            }
        }
        waiter = new Thread(this::waitLoop, "sigflow-dma-wait-group");
        waiter.setDaemon(true);
        waiter.start();
    }

    /** Sleeps on each set's done-event in turn (blocking sync), counts it landed and wakes the members. */
    private void waitLoop() {
        try {
            cuda.bindThread();
            while (true) {
                CUevent e = toWait.take();
                if (e == stopMark) {
                    return;
                }
                Events.sync(e);
                landed++; // single writer
                wakeAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            failure = t;
            wakeAll();
        }
    }

    private void wakeAll() {
        for (Member m : members) {
            Thread t = m.thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** True when member {@code k} runs in the group (its ring and copies are the group's). */
    boolean on() {
        return state == ON;
    }

    /**
     * Member {@code k} stops: waits for the group's copies, unpins its ring; the last one unpins the spans and frees the
     * device side. The unpinning happens even when the wait fails: a registration left behind would outlive the ring
     * (the graph frees its rings once every block has stopped), and a later graph's ring allocated there would fail
     * to pin or to copy.
     */
    void leave(int k) {
        Member m = members[k];
        lock.lock();
        try {
            try {
                if (stream != null) {
                    DeviceMemory.drain(narrowStream);
                    DeviceMemory.drain(stream);
                }
            } finally {
                try {
                    unpin(m);
                } finally {
                    if (running.decrementAndGet() == 0) {
                        closeGroup();
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private void unpin(Member m) {
        MemorySegment p = m.pinned;
        m.pinned = null;
        if (p != null && p != MemorySegment.NULL) {
            cuMemHostUnregister(Pointer.to(p.asByteBuffer()));
        }
        if (state != OFF && m.ring != null) { // OFF: the member's own path closes it
            m.ring.close();
        }
    }

    /** The last member has left: every member's copies are done (each drained the streams), or failed. */
    private void closeGroup() {
        StridedRings layout = strided;
        if (layout != null) {
            layout.close();
        }
        if (stream == null) {
            return;
        }
        toWait.offer(stopMark);
        try {
            waiter.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Events.close(narrowStream);
        Events.close(stream);
        timer.close();
        for (int s = 0; s < DEPTH; s++) {
            Events.destroy(done[s]);
            Events.destroy(narrowed[s]);
            if (wire[s] != null) {
                cuda.devicePool().release(wire[s]);
            }
        }
        tables.values().forEach(cuda.devicePool()::release);
    }

    /** Copies per page set in the last set queued: one per member, or fewer in 2D over rings at one stride. */
    double copiesPerSet() {
        StridedRings s = strided;
        return s == null || s.lastCopies() == 0 ? size : s.lastCopies();
    }

    /** Milliseconds the device spent on the group's sets (from each set's wait to its last copy). */
    double copyMillis() {
        KernelTimer t = timer;
        return t == null ? 0 : t.estimatedMillis();
    }

    private static int slot(long set) {
        return (int) (set % DEPTH);
    }
}

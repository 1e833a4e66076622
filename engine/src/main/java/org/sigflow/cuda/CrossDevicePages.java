package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyPeerAsync;

import jcuda.driver.CUevent;
import jcuda.driver.CUstream;

/**
 * A GPU edge whose writer is on another device than its reader: each page is moved into a local ring on the
 * reader's device before the reader sees it, peer to peer ({@code cuMemcpyPeerAsync} on a local copy stream) where
 * {@link PeerAccess} allows, else staged through a pinned host page (download on a stream of the writer's device,
 * upload on the local one). Every event is recorded on a stream of its own device and waited on across devices;
 * the host never waits. The writer's page is handed back (its consumed-event) as soon as the copy has read it.
 */
public final class CrossDevicePages implements PageSource {
    private static final int PAGES = PageRing.DEFAULT_PAGES;

    private final PageRing remote;
    private final Cuda here;
    private final Cuda there;
    private final boolean peer;
    private final PageRing local;
    private final CUstream hereStream;
    private final CUstream thereStream;
    /** Peer: recorded here after copy k, awaited there before the writer's page is released. */
    private final CUevent[] copied = new CUevent[PAGES];
    /** Staged: recorded there after download k; and here after upload k (the host page is free again). */
    private final CUevent[] staged = new CUevent[PAGES];
    private final CUevent[] hostFree = new CUevent[PAGES];
    private final PinnedPage[] hostPages = new PinnedPage[PAGES];
    private PageSlot current;
    private long moved;
    private volatile long bytesMoved;

    /** Made on the reader's thread with {@code here} bound; leaves it bound. */
    CrossDevicePages(PageRing remote, Cuda here) {
        this.remote = remote;
        this.here = here;
        this.there = remote.cuda();
        this.peer = PeerAccess.between(here, there);
        there.bindThread();
        thereStream = Events.stream();
        for (int k = 0; k < PAGES; k++) {
            staged[k] = Events.ordering();
        }
        here.bindThread();
        hereStream = Events.stream();
        local = new PageRing(here, PAGES, remote.pageItems(), remote.itemBytes());
        for (int k = 0; k < PAGES; k++) {
            copied[k] = Events.ordering();
            hostFree[k] = Events.ordering();
            if (!peer) {
                hostPages[k] = here.pinnedPool().acquire(remote.pageItems() * remote.itemBytes());
            }
        }
    }

    /** True for peer-to-peer copies, false for staging through host memory. */
    public boolean peer() {
        return peer;
    }

    /** Bytes moved between the devices so far. */
    public long bytesMoved() {
        return bytesMoved;
    }

    @Override
    public PageSlot head() {
        if (current == null) {
            current = moveNext();
        }
        return current;
    }

    private PageSlot moveNext() {
        PageSlot src = remote.head();
        PageSlot dst = local.tryAcquire(); // never null: the reader released the previous page before asking
        int k = (int) (moved % PAGES);
        long bytes = src.items() * remote.itemBytes();
        if (peer) {
            Events.await(hereStream, src.written());
            Events.await(hereStream, dst.consumed());
            Cu.check(cuMemcpyPeerAsync(dst.page().ptr(), here.context(), src.page().ptr(), there.context(), bytes,
                    hereStream), "cuMemcpyPeerAsync");
            Events.record(dst.written(), hereStream);
            Events.record(copied[k], hereStream);
            there.bindThread();
            Events.await(thereStream, copied[k]);
            Events.record(src.consumed(), thereStream);
        } else {
            there.bindThread();
            Events.await(thereStream, src.written());
            Events.await(thereStream, hostFree[k]);
            Cu.check(cuMemcpyDtoHAsync(hostPages[k].ptr(), src.page().ptr(), bytes, thereStream), "cuMemcpyDtoHAsync");
            Events.record(src.consumed(), thereStream);
            Events.record(staged[k], thereStream);
            here.bindThread();
            Events.await(hereStream, staged[k]);
            Events.await(hereStream, dst.consumed());
            Cu.check(cuMemcpyHtoDAsync(dst.page().ptr(), hostPages[k].ptr(), bytes, hereStream), "cuMemcpyHtoDAsync");
            Events.record(hostFree[k], hereStream);
            Events.record(dst.written(), hereStream);
        }
        here.bindThread();
        remote.release();
        local.publish(dst, src.items());
        moved++;
        bytesMoved += bytes;
        return local.head();
    }

    @Override
    public void release() {
        local.release();
        current = null;
    }

    @Override
    public long pageItems() {
        return remote.pageItems();
    }

    @Override
    public long itemBytes() {
        return remote.itemBytes();
    }

    @Override
    public void close() {
        Events.close(hereStream);
        there.bindThread();
        Events.close(thereStream);
        for (int k = 0; k < PAGES; k++) {
            Events.destroy(staged[k]);
        }
        remote.close();
        here.bindThread();
        for (int k = 0; k < PAGES; k++) {
            Events.destroy(copied[k]);
            Events.destroy(hostFree[k]);
            if (hostPages[k] != null) {
                here.pinnedPool().release(hostPages[k]);
            }
        }
        local.close(); // as its writer
        local.close(); // and its reader
    }
}

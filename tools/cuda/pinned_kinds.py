#!/usr/bin/env python3
"""Does the kind of pinned host memory matter for the link? (issue 5, branch pinmem)

Copies both ways at once (host -> device on one stream, device -> host on another, as cupy_peer.pcie_bound) between
a 64 MiB host ring per direction and device memory, the host ring of one of these kinds:
  hostalloc  cudaHostAlloc (what CuPy and the PCIe bound use);
  mmap4k     anonymous mmap, touched, then cudaHostRegister (4 KiB pages: THP is `madvise` on the GPU machine);
  mmaphuge   anonymous mmap, 2 MiB aligned, madvise(MADV_HUGEPAGE), touched after it, then cudaHostRegister;
  malloc     glibc malloc(size + 4095) aligned up to 4 KiB, zeroed, then cudaHostRegister (what a Java
             Arena.ofShared().allocate(size, 4096) ring is, which SigFlow's memory nodes pin with flags 0).
Copies walk the ring in pieces of SIZES, at most DEPTH copies queued per direction (the host waits for the oldest
copy's event before queueing the next, as a memory node's DMA does; "all" = everything queued at once, as the bound).
Every (size, depth) cell runs every kind in turn, ROUNDS rounds, so the spread shows. Prints GB/s each way per run,
then per cell min / median / max per kind and each kind's ratio to mmap4k within the same round.
Env: ROUNDS (5), GIB (2: GiB per direction per run), SIZES (MiB, "2 8 16 32"), DEPTHS ("2 3 all")."""
import ctypes
import mmap
import os
import statistics
import time

import cupy as cp

rt = cp.cuda.runtime
libc = ctypes.CDLL("libc.so.6", use_errno=True)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
libc.memset.restype = ctypes.c_void_p
MiB = 1 << 20
RING = 64 * MiB
HUGE = 2 * MiB
MADV_HUGEPAGE = 14
H2D, D2H = 1, 2


def anon_huge_kib():
    try:
        for line in open("/proc/self/smaps_rollup"):
            if line.startswith("AnonHugePages:"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


class Host:
    """One host ring of a kind; .addr, .reg_ms (cudaHostRegister time, 0 for hostalloc), .huge_kib."""

    def __init__(self, kind):
        self.kind, self.keep, self.reg_ms = kind, None, 0.0
        before = anon_huge_kib()
        if kind == "hostalloc":
            try:
                self.addr = rt.hostAlloc(RING, 0)
            except AttributeError:  # an older CuPy: its PinnedMemory is cudaHostAlloc too
                self.keep = cp.cuda.PinnedMemory(RING)
                self.addr = self.keep.ptr
            libc.memset(self.addr, 0, RING)
        else:
            if kind == "malloc":
                raw = libc.malloc(RING + 4095)
                self.raw, self.addr = raw, (raw + 4095) & ~4095
            else:
                self.keep = mmap.mmap(-1, RING + HUGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
                base = ctypes.addressof(ctypes.c_char.from_buffer(self.keep))
                self.addr = (base + HUGE - 1) & ~(HUGE - 1) if kind == "mmaphuge" else base
                if kind == "mmaphuge" and libc.madvise(self.addr, RING, MADV_HUGEPAGE) != 0:
                    print(f"madvise failed: errno {ctypes.get_errno()}")
            libc.memset(self.addr, 0, RING)  # touched (after madvise) before pinning
            t = time.perf_counter()
            rt.hostRegister(self.addr, RING, 0)
            self.reg_ms = (time.perf_counter() - t) * 1e3
        self.huge_kib = anon_huge_kib() - before


KINDS = ["hostalloc", "mmap4k", "mmaphuge", "malloc"]


def run(h_in, h_out, d_in, d_out, size, depth, total, s1, s2, ev1, ev2):
    n = total // size
    per_ring = RING // size
    t = time.perf_counter()
    for i in range(n):
        off = (i % per_ring) * size
        if depth and i >= depth:
            rt.eventSynchronize(ev1[i % depth])
            rt.eventSynchronize(ev2[i % depth])
        rt.memcpyAsync(d_in + off, h_in + off, size, H2D, s1.ptr)
        rt.memcpyAsync(h_out + off, d_out + off, size, D2H, s2.ptr)
        if depth:
            rt.eventRecord(ev1[i % depth], s1.ptr)
            rt.eventRecord(ev2[i % depth], s2.ptr)
    s1.synchronize()
    s2.synchronize()
    return n * size / (time.perf_counter() - t) / 1e9


def one_way(h, d, size, total, kind, stream):
    n = total // size
    per_ring = RING // size
    t = time.perf_counter()
    for i in range(n):
        off = (i % per_ring) * size
        if kind == H2D:
            rt.memcpyAsync(d + off, h + off, size, H2D, stream.ptr)
        else:
            rt.memcpyAsync(h + off, d + off, size, D2H, stream.ptr)
    stream.synchronize()
    return n * size / (time.perf_counter() - t) / 1e9


def main():
    rounds = int(os.environ.get("ROUNDS", "5"))
    total = int(float(os.environ.get("GIB", "2")) * (1 << 30))
    sizes = [int(s) * MiB for s in os.environ.get("SIZES", "2 8 16 32").split()]
    depths = [0 if d == "all" else int(d) for d in os.environ.get("DEPTHS", "2 3 all").split()]
    print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "CuPy", cp.__version__)
    for f in ("/sys/kernel/mm/transparent_hugepage/enabled", "/proc/cmdline"):
        try:
            print(f, ":", open(f).read().strip())
        except OSError:
            pass
    print("iommu groups:", len(os.listdir("/sys/kernel/iommu_groups")) if os.path.isdir("/sys/kernel/iommu_groups") else "none")
    hosts = {}
    for k in KINDS:
        hosts[k] = (Host(k), Host(k))
        a, b = hosts[k]
        print(f"{k}: register {a.reg_ms:.1f} / {b.reg_ms:.1f} ms per 64 MiB, AnonHugePages +{a.huge_kib} / +{b.huge_kib} KiB, "
              f"addr mod 2 MiB {a.addr % HUGE} / {b.addr % HUGE}")
    d_in, d_out = cp.cuda.alloc(RING), cp.cuda.alloc(RING)
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream(non_blocking=True)
    ev1 = [rt.eventCreateWithFlags(2) for _ in range(4)]  # cudaEventDisableTiming
    ev2 = [rt.eventCreateWithFlags(2) for _ in range(4)]
    for k in KINDS:  # warm-up: every kind once
        run(hosts[k][0].addr, hosts[k][1].addr, d_in.ptr, d_out.ptr, 32 * MiB, 0, 1 << 30, s1, s2, ev1, ev2)
    res = {}  # (size, depth, kind) -> [GB/s per round]
    ones = {}  # (dir, kind) -> [GB/s]
    for r in range(rounds):
        order = KINDS[r % len(KINDS):] + KINDS[:r % len(KINDS)]
        for size in sizes:
            for depth in depths:
                line = []
                for k in order:
                    g = run(hosts[k][0].addr, hosts[k][1].addr, d_in.ptr, d_out.ptr, size, depth, total, s1, s2, ev1, ev2)
                    res.setdefault((size, depth, k), []).append(g)
                    line.append(f"{k} {g:.2f}")
                print(f"r{r} {size // MiB} MiB depth {depth or 'all'}: " + ", ".join(line) + " GB/s each way", flush=True)
        for dr, nm in ((H2D, "h2d"), (D2H, "d2h")):
            line = []
            for k in order:
                h = hosts[k][0].addr if dr == H2D else hosts[k][1].addr
                g = one_way(h, d_in.ptr if dr == H2D else d_out.ptr, 32 * MiB, total, dr, s1)
                ones.setdefault((nm, k), []).append(g)
                line.append(f"{k} {g:.2f}")
            print(f"r{r} one way {nm} 32 MiB all: " + ", ".join(line) + " GB/s", flush=True)
    print("\nsummary, GB/s each way min / median / max over rounds; ratio to mmap4k of the same round min / median / max")
    for size in sizes:
        for depth in depths:
            base = res[(size, depth, "mmap4k")]
            cells = []
            for k in KINDS:
                v = res[(size, depth, k)]
                q = [x / y for x, y in zip(v, base)]
                cells.append(f"{k} {min(v):.2f}/{statistics.median(v):.2f}/{max(v):.2f}"
                             + ("" if k == "mmap4k" else f" (x{min(q):.3f}/{statistics.median(q):.3f}/{max(q):.3f})"))
            print(f"{size // MiB:>2} MiB depth {str(depth or 'all'):>3}: " + "; ".join(cells))
    for nm in ("h2d", "d2h"):
        base = ones[(nm, "mmap4k")]
        print(f"one way {nm}: " + "; ".join(
            f"{k} {min(v):.2f}/{statistics.median(v):.2f}/{max(v):.2f}"
            + ("" if k == "mmap4k" else f" (x{statistics.median([x / y for x, y in zip(v, base)]):.3f})")
            for k in KINDS for v in [ones[(nm, k)]]))
    try:
        import cupy_peer
        print("cupy_peer.pcie_bound (32 MiB cudaHostAlloc, same buffer, 40 queued):",
              " ".join(f"{cupy_peer.pcie_bound() / 1e9:.2f}" for _ in range(3)), "GB/s each way")
    except Exception as e:  # not beside cupy_peer.py
        print("pcie_bound unavailable:", e)


if __name__ == "__main__":
    main()

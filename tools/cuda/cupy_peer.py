#!/usr/bin/env python3
"""CuPy peer of the GPU bench chains (sample-graphs/bench/cuda/*.graph), on the same device:
 - kernel: the chain's operation on device-resident data (16 Mi samples; median of 20 runs timed with CUDA events),
   comparable with `sigflow bench`'s per-block gpu_msps (samples over summed kernel time);
 - end to end: host (pinned) -> device -> operation -> host in pages of 4 Mi samples (FFT: 4096 frames), as the graphs, three
   streams in turn so copies and kernels overlap, downloads with get(stream, out=pinned, blocking=False) (the blocking
   get() understates CuPy by 1.7x), comparable with `sigflow bench`'s end-to-end Msps;
 - the PCIe bound (pinned copies both ways at once), the WirelessHD 512-point FFT stream in fp32 / int16 / int8 wires,
   and chains of 1, 4, 8 element-wise ops at 4 Ki, 64 Ki and 4 Mi items (microseconds per page).
Same operations: multiply by 0.5+0.5j; quadrature demod arg(x[n] conj(x[n-1])); 64-tap real FIR (taps 1/64);
1024-point FFT of Blackman-Harris windowed frames; rotator by 0.3 rad/sample (phase in float64, as the CUDA block);
64-channel polyphase channelizer with 16 taps per branch (cupyx.signal.channelize_poly); frequency-translating FIR
(mix by 3000/32000 cycles/sample, 64 taps, decimation 4) and rational resamplers (64 taps 1/4, 48 taps 3/2) through
cupyx.scipy.signal.upfirdn; 1024-point log-power spectra (window, FFT, |X|^2, shift, dB); a 1000-sample moving
average (float64 running sums, as the CUDA block); single-pole IIR alpha 0.001 (cupyx.scipy.signal.lfilter)."""
import time

import cupy as cp
import numpy as np

N = 1 << 24
PAGE = 1 << 22
TAPS = cp.full(64, 1.0 / 64, dtype=cp.float32)


def blackman_harris(n):
    k = np.arange(n)
    a = (0.35875, 0.48829, 0.14128, 0.01168)
    return (a[0] - a[1] * np.cos(2 * np.pi * k / (n - 1)) + a[2] * np.cos(4 * np.pi * k / (n - 1))
            - a[3] * np.cos(6 * np.pi * k / (n - 1))).astype(np.float32)


WIN = cp.asarray(blackman_harris(1024))
_fir = None


def fir(x):
    """The fastest complex64 FIR CuPy offers here: cupyx.signal.firfilter, or a direct convolution."""
    global _fir
    if _fir is None:
        import cupyx.signal as cs
        import cupyx.scipy.signal as ss
        candidates = {"cupyx.signal.firfilter": lambda v: cs.firfilter(TAPS, v),
                      "cupyx.scipy.signal.convolve": lambda v: ss.convolve(v, TAPS.astype(cp.complex64))[:v.size]}
        best = None
        for name, f in candidates.items():
            try:
                y = f(x)
                t = timed(lambda: f(x), reps=5)
                print(f"  FIR candidate {name}: {x.size / t / 1e6:.0f} Msps, output {y.dtype}")
                if best is None or t < best[0]:
                    best = (t, f)
            except Exception as e:  # not in this CuPy
                print(f"  FIR candidate {name}: unavailable ({type(e).__name__})")
        _fir = best[1]
    return _fir(x).astype(cp.complex64, copy=False)


PFB_TAPS = cp.full(1024, 1.0 / 1024, dtype=cp.float32)


def channelize(x):
    import cupyx.signal as cs
    return cs.channelize_poly(x, PFB_TAPS, 64)


def rotate(x):
    """The CuPy idiom: phases in float64 from the sample index, one complex exponential per sample."""
    return (x * cp.exp(1j * (0.3 * cp.arange(x.size)))).astype(cp.complex64)


def upfirdn(h, x, up, down):
    import cupyx.scipy.signal as ss
    return ss.upfirdn(h, x, up, down).astype(cp.complex64, copy=False)


H64 = cp.full(64, 1.0 / 64, dtype=cp.float32)
H48 = cp.full(48, 1.0 / 48, dtype=cp.float32)


def xlate(x):
    w = 2 * np.pi * 3000 / 32000
    return upfirdn(H64, x * cp.exp(-1j * w * cp.arange(x.size)).astype(cp.complex64), 1, 4)


def log_power(x):
    p = cp.abs(cp.fft.fft(x.reshape(-1, 1024) * WIN, axis=1)) ** 2
    return (10 * cp.log10(cp.maximum(cp.fft.fftshift(p, axes=1), 1e-30)) - 60.0).astype(cp.float32)


def moving_average(x):
    c = cp.cumsum(x.astype(cp.complex128))
    return ((c[1000:] - c[:-1000]) * 0.001).astype(cp.complex64)


def single_pole(x):
    import cupyx.scipy.signal as ss
    return ss.lfilter(cp.array([0.001]), cp.array([1.0, -0.999]), x).astype(cp.complex64, copy=False)


OPS = {
    "multiply_const": lambda x: x * cp.complex64(0.5 + 0.5j),
    "quadrature_demod": lambda x: cp.angle(x[1:] * cp.conj(x[:-1])),
    "fir_filter_64": fir,
    "fft_1024": lambda x: cp.fft.fft(x.reshape(-1, 1024) * WIN, axis=1),
    "rotator": rotate,
    "pfb_channelizer_64": channelize,
    "freq_xlating_fir_64": xlate,
    "resampler_64_down4": lambda x: upfirdn(H64, x, 1, 4),
    "resampler_3_2": lambda x: upfirdn(H48, x, 3, 2),
    "log_power_fft_1024": log_power,
    "moving_average_1000": moving_average,
    "single_pole_iir": single_pole,
}


def timed(fn, reps=20):
    start, end = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(3):
        fn()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, end) / 1e3)
    return float(np.median(times))


STREAMS = 3


def streamed(pages, host_in, dev, outs, work):
    """Seconds for `pages` pages, page p on stream p % STREAMS: upload host_in into dev[k], then work(dev[k], outs[k],
    stream) queues the op and its non-blocking download; once to warm up, then timed."""
    streams = [cp.cuda.Stream(non_blocking=True) for _ in range(STREAMS)]

    def run():
        for p in range(pages):
            s = streams[p % STREAMS]
            with s:
                dev[p % STREAMS].set(host_in, stream=s)
                work(dev[p % STREAMS], outs[p % STREAMS], s)
        for s in streams:
            s.synchronize()

    run()
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


def end_to_end(op, total=1 << 28, page=PAGE):
    """host (pinned) -> device -> op -> host (pinned) in pages, STREAMS streams in turn, non-blocking downloads
    (`get(stream, out=pinned, blocking=False)`): CuPy as its best users stream it. Samples per second."""
    pages = max(1, total // page)
    host_in = np.frombuffer(cp.cuda.alloc_pinned_memory(page * 8), np.complex64, page)
    host_in[:] = (np.random.standard_normal(page) + 1j * np.random.standard_normal(page)).astype(np.complex64) * 0.3
    outs = [np.frombuffer(cp.cuda.alloc_pinned_memory(page * 16), np.complex64, 2 * page) for _ in range(STREAMS)]  # resamplers grow
    dev = [cp.empty(page, cp.complex64) for _ in range(STREAMS)]

    def work(d, o, s):
        y = op(d)
        y.get(stream=s, out=o.view(y.dtype)[:y.size].reshape(y.shape), blocking=False)

    t = streamed(pages, host_in, dev, outs, work)
    return pages * page / t


def pcie_bound(nbytes=1 << 25, reps=40):
    """Pinned copies host->device and device->host at once on two streams: the link's full-duplex rate in bytes/s
    each way (the bound of a stream that goes in and comes out)."""
    h_in = cp.cuda.alloc_pinned_memory(nbytes)
    h_out = cp.cuda.alloc_pinned_memory(nbytes)
    d_in = cp.cuda.alloc(nbytes)
    d_out = cp.cuda.alloc(nbytes)
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream(non_blocking=True)
    rt = cp.cuda.runtime

    def once():
        for _ in range(reps):
            rt.memcpyAsync(d_in.ptr, h_in.ptr, nbytes, rt.memcpyHostToDevice, s1.ptr)
            rt.memcpyAsync(h_out.ptr, d_out.ptr, nbytes, rt.memcpyDeviceToHost, s2.ptr)
        s1.synchronize(); s2.synchronize()

    once()
    t0 = time.perf_counter(); once(); t = time.perf_counter() - t0
    return reps * nbytes / t


WIRES = {"fp32": (np.complex64, None), "int16": (np.int16, 32767.0), "int8": (np.int8, 127.0)}


def wirelesshd(wire, ffts_per_page=8192, total_ffts=1 << 19):
    """The WirelessHD stream (Kim et al. 2010): 512-point complex FFTs, host -> device -> host, the host data in the
    wire format both ways (fp32 complex64, or interleaved int16 / int8 at full scale +-1: widened and narrowed on the
    device), pinned buffers, STREAMS streams, non-blocking downloads. Nanoseconds per FFT."""
    dtype, scale = WIRES[wire]
    n = ffts_per_page * 512
    elems = n if scale is None else 2 * n
    host_in = np.frombuffer(cp.cuda.alloc_pinned_memory(elems * np.dtype(dtype).itemsize), dtype, elems)
    x = (np.random.standard_normal(2 * n) * 0.1).astype(np.float32)
    host_in[:] = x.view(np.complex64) if scale is None else np.clip(np.rint(x * scale), -scale, scale).astype(dtype)
    outs = [np.frombuffer(cp.cuda.alloc_pinned_memory(elems * np.dtype(dtype).itemsize), dtype, elems) for _ in range(STREAMS)]
    dev = [cp.empty(elems, dtype) for _ in range(STREAMS)]
    pages = total_ffts // ffts_per_page

    def work(d, o, s):
        if scale is None:
            cp.fft.fft(d.reshape(-1, 512), axis=1).get(stream=s, out=o.reshape(-1, 512), blocking=False)
        else:
            c = (d.astype(cp.float32) * (1 / scale)).view(cp.complex64).reshape(-1, 512)
            f = cp.fft.fft(c, axis=1).view(cp.float32) * (scale / 512 ** 0.5)  # keep the int range
            cp.clip(cp.rint(f), -scale, scale).astype(dtype).ravel().get(stream=s, out=o, blocking=False)

    t = streamed(pages, host_in, dev, outs, work)
    return t / (pages * ffts_per_page) * 1e9


HOST = {"cf32": (np.complex64, None), "cs16": (np.int16, 32768.0), "cs8": (np.int8, 128.0)}
_WIDEN = {}
_NARROW = {}


def widen(d, host):
    """Interleaved int8 / int16 (re, im) -> complex64 / scale, one elementwise kernel (as memory_h2d's sf_widen_*)."""
    t = {"cs16": "int16", "cs8": "int8"}[host]
    if host not in _WIDEN:
        _WIDEN[host] = cp.ElementwiseKernel(f"raw {t} a, float32 s", "complex64 c",
                                            "c = complex<float>(a[2 * i] * s, a[2 * i + 1] * s)", f"sf_peer_widen_{host}")
    return _WIDEN[host](d, np.float32(1 / HOST[host][1]), size=d.size // 2)


def narrow(y, o, host):
    """complex64 -> interleaved int8 / int16 x scale, rounded and clipped (as memory_d2h's sf_narrow_*), in logical
    (C) order of y whatever its strides, into the device array o."""
    t, c, lo, hi = {"cs16": ("int16", "short", -32768, 32767), "cs8": ("int8", "signed char", -128, 127)}[host]
    if host not in _NARROW:
        _NARROW[host] = cp.ElementwiseKernel(
            f"complex64 x, float32 s", f"raw {t} o",
            f"o[2 * i] = ({c})fminf(fmaxf(rintf(x.real() * s), {lo}.f), {hi}.f); "
            f"o[2 * i + 1] = ({c})fminf(fmaxf(rintf(x.imag() * s), {lo}.f), {hi}.f)", f"sf_peer_narrow_{host}")
    _NARROW[host](y, np.float32(HOST[host][1]), o)
    return o


def channelizer_host(host_in, host_out, page=PAGE, total=1 << 30):
    """The 64 x 16 channelizer end to end with the host data in the radio's formats: pinned cf32 / cs16 / cs8 pages in,
    widened on the device, channelize_poly, each sample narrowed to host_out on the device, non-blocking downloads into
    pinned buffers, STREAMS streams (the peer run as its best users would run a radio's stream). Samples per second."""
    din, sin = HOST[host_in]
    dout, sout = HOST[host_out]
    ein = page if sin is None else 2 * page
    eout = page if sout is None else 2 * page
    hin = np.frombuffer(cp.cuda.alloc_pinned_memory(ein * np.dtype(din).itemsize), din, ein)
    x = (np.random.standard_normal(2 * page) * 0.2).astype(np.float32)
    hin[:] = x.view(np.complex64) if sin is None else np.clip(np.rint(x * sin), -sin, sin - 1).astype(din)
    outs = [np.frombuffer(cp.cuda.alloc_pinned_memory(eout * np.dtype(dout).itemsize), dout, eout) for _ in range(STREAMS)]
    dev = [cp.empty(ein, din) for _ in range(STREAMS)]
    dnarrow = [cp.empty(eout, dout) for _ in range(STREAMS)]
    k = {}

    def work(d, o, s):
        c = d if sin is None else widen(d, host_in)
        y = channelize(c)
        if sout is None:
            y.get(stream=s, out=o.view(y.dtype)[:y.size].reshape(y.shape), blocking=False)
        else:
            j = k.setdefault(o.ctypes.data, len(k))
            narrow(y, dnarrow[j], host_out).get(stream=s, out=o, blocking=False)

    pages = max(1, total // page)
    t = streamed(pages, hin, dev, outs, work)
    return pages * page / t


def chain(k, page, total=1 << 26):
    """k element-wise ops (multiply by 0.5+0.5j, each its own kernel as CuPy runs them) on pages of `page` complex
    samples, host -> device -> host as end_to_end. Microseconds per page."""
    c = cp.complex64(0.5 + 0.5j)

    def op(x):
        for _ in range(k):
            x = x * c
        return x

    pages = max(64, min(4096, total // page))
    return 1e6 / (end_to_end(op, pages * page, page) / page)


def link_peer():
    """The peer lines of tools/cuda/link-source.sh and link-deep.sh: the PCIe bound, multiply const and FFT 1024 end
    to end (twice, to show CuPy's own spread), the WirelessHD stream on each wire."""
    b = pcie_bound()
    print(f"PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32")
    for _ in range(2):
        for name in ("multiply_const", "fft_1024"):
            print(f"cupy {name}: {end_to_end(OPS[name]) / 1e6:.0f} Msps end to end")
    for wire in WIRES:
        print(f"cupy wirelesshd_{wire}: {wirelesshd(wire):.1f} ns per 512-point FFT")


if __name__ == "__main__":
    import sys
    args = sys.argv[1:]
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print(f"CuPy {cp.__version__} on {dev}")
    if not args or "link" in args:
        b = pcie_bound()
        print(f"PCIe bound, pinned copies both ways at once: {b / 1e9:.1f} GB/s each way = {b / 8e6:.0f} Msps cf32")
        for wire in WIRES:
            print(f"wirelesshd_{wire}: {wirelesshd(wire):.1f} ns per 512-point FFT (end to end, {wire} wire)")
        for k in (1, 4, 8):
            print(f"chain_{k}: " + ", ".join(f"{page // 1024} Ki items {chain(k, page):.1f} us/page"
                                             for page in (1 << 12, 1 << 16, 1 << 22)))
        if args == ["link"]:
            sys.exit(0)
    if args:  # only the named chains
        OPS = {k: v for k, v in OPS.items() if k in args}
    x = (cp.random.standard_normal(N, dtype=cp.float32) + 1j * cp.random.standard_normal(N, dtype=cp.float32)).astype(cp.complex64)
    big = cp.empty(1 << 28, cp.uint8)
    copy_s = timed(lambda: cp.copyto(big[: 1 << 27], big[1 << 27:]), reps=10)
    print(f"device-to-device copy: {2 * (1 << 27) / copy_s / 1e12:.2f} TB/s (bytes read + written)")
    if "fir_filter_64" in OPS:
        fir(x)
    print(f"{'chain':20} {'kernel Msps':>12} {'end-to-end Msps':>16}")
    for name, op in OPS.items():
        try:
            k = N / timed(lambda: op(x)) / 1e6
            e = end_to_end(op) / 1e6
            print(f"{name:20} {k:12.0f} {e:16.0f}")
        except Exception as err:  # e.g. cupyx.signal missing in this CuPy
            print(f"{name:20} unavailable: {type(err).__name__}: {err}")

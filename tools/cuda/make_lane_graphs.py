#!/usr/bin/env python3
"""Writes the multi-GPU bench graphs (sample-graphs/bench/mgpu/*.graph): the WirelessHD 512-point FFT stream
(null source of 512-vectors -> FFT -> null sink, fp32 or int8 wire) split over two lanes, each lane on the GPU
named by the variables lane_a / lane_b (0 and 1; `--set lane_b=0` puts both lanes on one GPU):
  *_host_lanes: lane_split on the host, a memory node pair and an FFT per lane (each GPU its own PCIe link);
  *_gpu_lanes:  one memory node pair on lane_a's GPU, lane_split_cuda / lane_merge_cuda there, pages to lane_b's
                GPU and back peer to peer (or staged through host memory).
The one-GPU baseline is sample-graphs/bench/cuda/wirelesshd_fft512_<wire>.graph. Run from the repository root;
the output is committed."""
from make_graphs import block, edge, graph, write

FFT = dict(type="cf32", fft_size=512, direction="forward", window="rectangular", beta=6.76, shift="false",
           scaling="none")
VEC = dict(type="cf32", vlen=512)
LANES = dict(VEC, lanes=2, chunk_items="chunk_items")


def memory(kind, wire, device):
    return block(kind[7:], kind, 0, **VEC, wire_format=wire, page_items="page_items", device=device)


def host_lanes(wire):
    blocks = [block("src", "null_source", 40, **VEC), block("split", "lane_split", 200, **LANES)]
    edges = [edge("src", "split")]
    for k, dev in enumerate(("lane_a", "lane_b")):
        for b in (memory("memory_h2d", wire, dev), block("fft", "fft_cuda", 0, **FFT, device=dev),
                  memory("memory_d2h", wire, dev)):
            b["id"] += str(k)
            b["x"], b["y"] = 360 + 160 * len([x for x in blocks if x["id"].endswith(str(k))]), 60 + 120 * k
            blocks.append(b)
        edges += [edge("split", f"h2d{k}", f"out{k}"), edge(f"h2d{k}", f"fft{k}"), edge(f"fft{k}", f"d2h{k}"),
                  edge(f"d2h{k}", "merge", "out", f"in{k}")]
    blocks += [block("merge", "lane_merge", 840, **LANES), block("sink", "null_sink", 1000, **VEC)]
    edges.append(edge("merge", "sink"))
    return blocks, edges


def gpu_lanes(wire):
    blocks = [block("src", "null_source", 40, **VEC), memory("memory_h2d", wire, "lane_a"),
              block("split", "lane_split_cuda", 360, **LANES, device="lane_a")]
    edges = [edge("src", "h2d"), edge("h2d", "split")]
    for k, dev in enumerate(("lane_a", "lane_b")):
        b = block(f"fft{k}", "fft_cuda", 520, **FFT, device=dev)
        b["y"] = 60 + 120 * k
        blocks.append(b)
        edges += [edge("split", f"fft{k}", f"out{k}"), edge(f"fft{k}", "merge", "out", f"in{k}")]
    blocks += [block("merge", "lane_merge_cuda", 680, **LANES, device="lane_a"),
               memory("memory_d2h", wire, "lane_a"), block("sink", "null_sink", 1000, **VEC)]
    edges += [edge("merge", "d2h"), edge("d2h", "sink")]
    for b, x in zip(blocks, (40, 200, 360, 520, 520, 680, 840, 1000)):
        b["x"] = x
    return blocks, edges


for wire in ("fp32", "int8"):
    for name, make, how in (("host_lanes", host_lanes, "split on the host, a memory node pair per GPU"),
                            ("gpu_lanes", gpu_lanes, "split on lane_a's GPU, pages to lane_b's GPU and back")):
        blocks, edges = make(wire)
        write(f"sample-graphs/bench/mgpu/wirelesshd_fft512_{wire}_{name}.graph", graph(
            f"GPU bench: WirelessHD 512-point FFT stream over two GPUs, {wire} wire ({how})",
            "Multi-GPU benchmark for 'sigflow bench' (tools/cuda/mgpu-run.sh); --set lane_b=0 puts both lanes on "
            "GPU 0. Needs two GPUs as it stands (without CUDA it runs on the CPU).",
            blocks, edges, {"page_items": "8192", "chunk_items": "128", "lane_a": "0", "lane_b": "1"}))

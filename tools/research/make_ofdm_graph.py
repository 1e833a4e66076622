#!/usr/bin/env python3
"""Writes sample-graphs/research/wirelesshd-ofdm.graph: a WirelessHD-like 16-QAM OFDM stream through Memory
CPU->GPGPU, a batched 512-point FFT (cuFFT or the paper's kernel) and Memory GPGPU->CPU, demapped, with a
constellation view. Run from anywhere; the output is committed."""
from graphs import block, chain, edge, graph, write

plan = dict(fft_size="fft_size", data_carriers="data_carriers", pilots="pilots", seed="seed")
blocks = [
    block("ofdm", "ofdm_qam_source", 40, 40, cp_len="cp_len", amplitude="rms", symbols="symbols", **plan),
    block("noise", "noise_source", 40, 180, type="cf32", noise_type="gaussian", seed="7",
          amplitude="rms * pow(fft_size / (data_carriers + pilots), 0.5) * pow(10, -snr_db / 20)"),
    block("channel", "add", 240, 100, type="cf32", num_inputs=2, vlen=1),
    block("drop_cp", "keep_m_in_n", 420, 100, type="cf32", m="fft_size", n="fft_size + cp_len", offset="cp_len"),
    block("frames", "stream_to_vector", 600, 100, type="cf32", num_items="fft_size", vlen=1),
    block("h2d", "memory_h2d", 780, 100, type="cf32", vlen="fft_size", wire_format="fp32", page_items="page_frames"),
    block("fft", "fft_cuda", 960, 100, type="cf32", fft_size="fft_size", direction="forward", window="rectangular",
          beta="6.76", shift="False", scaling="1/sqrt(N)", method="paper_512"),
    block("d2h", "memory_d2h", 1140, 100, type="cf32", vlen="fft_size", wire_format="fp32", page_items="page_frames"),
    block("demap", "ofdm_qam_demap", 1320, 100, **plan),
    block("points", "vector_to_stream", 1500, 40, type="cf32", num_items="data_carriers", vlen=1),
    block("constellation", "constellation_sink", 1680, 40, points=2048, update_rate=30),
    block("stats", "file_sink", 1500, 180, file="out_file", format="f32_le", type="f32", append="false", vlen=2),
]
connections = [edge("ofdm", "channel", "out", "in0"), edge("noise", "channel", "out", "in1")]
connections += chain(["channel", "drop_cp", "frames", "h2d", "fft", "d2h", "demap"])
connections += [edge("demap", "points"), edge("points", "constellation"), edge("demap", "stats", "stats", "in")]
views = [{"id": "const", "kind": "constellation", "block": "constellation", "x": 40, "y": 320, "width": 420,
          "height": 420, "options": {}}]
write("sample-graphs/research/wirelesshd-ofdm.graph", graph(
    "WirelessHD-like 16-QAM OFDM through a batched 512-point GPU FFT",
    "Hinitt & Kocak's setting: 512-subcarrier OFDM (336 Gray-coded 16-QAM data carriers, 16 known BPSK pilots, "
    "3 DC nulls, guard band; 64-sample cyclic prefix) plus white noise at snr_db per carrier, cyclic prefix dropped, "
    "framed as 512-sample vectors, sent through Memory CPU->GPGPU (wire format fp32; fp16, int16 and int8 cut the bytes), a batched unitary 512-point "
    "FFT on the GPU (method paper_512: the paper's kernel; or cuFFT) and Memory GPGPU->CPU, then equalised by the "
    "pilots and demapped. The constellation view shows the recovered 16-QAM; the file gets per OFDM symbol its bit "
    "errors and summed squared error vector. Without a GPU the FFT runs on the CPU.",
    {"fft_size": "512", "cp_len": "64", "data_carriers": "336", "pilots": "16", "seed": "1", "symbols": "2000",
     "rms": "0.25", "snr_db": "30", "page_frames": "64",
     "out_file": "'wirelesshd-ofdm-stats.f32'"},
    blocks, connections, views))

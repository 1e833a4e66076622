#!/usr/bin/env python3
"""Writes sample-graphs/research/wifi-frame-detect.graph: 802.11a-style frames through a channel model (two paths,
frequency offset, noise) into the delayed-autocorrelation frame detector, the thesis's OFDM receiver front end so
far. Run from anywhere; the output is committed."""
from graphs import block, chain, graph, write

blocks = [
    block("frames", "wifi_frame_source", 40, 60, frames="frames", data_symbols=10, gap=400, amplitude="0.5",
          seed="1"),
    block("channel", "channel_model", 240, 60, noise_voltage="0.5 * pow(52 / 64, 0.5) * pow(10, -snr_db / 20)",
          frequency_offset="cfo", taps="[0.9, 0.3 - 0.2j]", seed="11"),
    block("detect", "ofdm_frame_detect", 440, 60, delay=16, window=48, threshold="threshold", plateau=24,
          holdoff=320),
    block("scope", "time_sink", 640, 0, type="cf32", samp_rate="20e6", points=2048, update_rate=30),
    block("out", "file_sink", 640, 120, file="out_file", format="cf32_le", type="cf32", append="false", vlen=1),
]
connections = chain(["frames", "channel", "detect", "out"]) + chain(["detect", "scope"])
write("sample-graphs/research/wifi-frame-detect.graph", graph(
    "802.11a front end: frame detection by delayed autocorrelation",
    "The thesis's 802.11a receiver front end, first stage: 802.11a-style frames (short and long training fields, 10 "
    "QPSK data symbols, 400 samples of silence between frames) through a two-path channel with a frequency offset of "
    "'cfo' cycles per sample and noise at 'snr_db', then the detector (delay 16, window 48, 'threshold'): it tags each "
    "frame start with the coarse frequency offset (the stream passes on; the time view shows the frames). "
    "Long-preamble alignment, the 64-point "
    "FFT and the pilot-based equaliser are still to come.",
    {"frames": "100", "snr_db": "10", "cfo": "0.01", "threshold": "0.7", "out_file": "'wifi-frames.cf32'"},
    blocks, connections, [{"id": "time", "kind": "time", "block": "scope", "x": 40, "y": 260, "width": 640,
                           "height": 320, "options": {}}]))

# the whole front end: + LTF alignment and fine offset, 64-point FFT, equaliser, constellation
rx_blocks = blocks[:3] + [
    block("sync", "wifi_sync", 640, 60, data_symbols=10, search=240, backoff=2),
    block("fft", "fft", 840, 60, type="cf32", fft_size=64, direction="forward", window="rectangular", beta="6.76",
          shift="False", scaling="1/sqrt(N)", method="cufft"),
    block("equalizer", "wifi_equalizer", 1040, 60, data_symbols=10, method="ltf"),
    block("constellation", "constellation_sink", 1240, 0, points=2048, update_rate=30),
    block("out", "file_sink", 1240, 120, file="out_file", format="cf32_le", type="cf32", append="false", vlen=1),
]
rx_connections = chain(["frames", "channel", "detect", "sync", "fft", "equalizer", "out"])
rx_connections += chain(["equalizer", "constellation"])
write("sample-graphs/research/wifi-receiver.graph", graph(
    "802.11a receiver front end: detection, LTF alignment, fine offset, FFT, equaliser",
    "The thesis's 802.11a OFDM receiver front end: 802.11a-style frames (10 QPSK data symbols) through a two-path "
    "channel with a frequency offset of 'cfo' cycles per sample and noise at 'snr_db'; the detector (delayed "
    "autocorrelation, delay 16, window 48) tags each frame with the coarse offset from the short training field; "
    "802.11a Sync aligns on the long training field and adds the fine offset from its two symbols; a 64-point FFT; "
    "the equaliser (method ltf: LTF channel estimate plus pilot phase; pilots: the thesis's pilot-based estimate "
    "with linear interpolation) gives the 48 data carriers per symbol, the QPSK constellation on the view and in "
    "the file.",
    {"frames": "100", "snr_db": "20", "cfo": "0.01", "threshold": "0.7",
     "out_file": "'wifi-constellation.cf32'"},
    rx_blocks, rx_connections, [{"id": "const", "kind": "constellation", "block": "constellation", "x": 40, "y": 260,
                                 "width": 420, "height": 420, "options": {}}]))

# the same receiver with the channel model and the detector on the GPU (their CUDA twins between memory nodes)
mem = lambda bid, kind, x: block(bid, kind, x, 200, type="cf32", vlen=1, wire_format="fp32", page_items="page_items")
cuda_blocks = [rx_blocks[0],
               mem("h2d", "memory_h2d", 140),
               dict(rx_blocks[1], type="channel_model_cuda", x=240, y=200),
               dict(rx_blocks[2], type="ofdm_frame_detect_cuda", x=440, y=200),
               mem("d2h", "memory_d2h", 540)] + rx_blocks[3:]
cuda_connections = chain(["frames", "h2d", "channel", "detect", "d2h", "sync", "fft", "equalizer", "out"])
cuda_connections += chain(["equalizer", "constellation"])
write("sample-graphs/research/wifi-receiver-cuda.graph", graph(
    "802.11a receiver front end, channel model and frame detector on the GPU",
    "wifi-receiver with the channel model and the delayed-autocorrelation detector as CUDA twins between Memory "
    "CPU->GPGPU and Memory GPGPU->CPU (the detector's frame_start tags cross to the host with the samples); "
    "synchronisation, FFT and equaliser on the CPU. Same noise as the CPU graph (a function of seed and sample "
    "index), so the same constellation. Without a GPU the twins run on the CPU.",
    {"frames": "100", "snr_db": "20", "cfo": "0.01", "threshold": "0.7", "page_items": "65536",
     "out_file": "'wifi-constellation.cf32'"},
    cuda_blocks, cuda_connections, [{"id": "const", "kind": "constellation", "block": "constellation", "x": 40,
                                     "y": 320, "width": 420, "height": 420, "options": {}}]))

#!/usr/bin/python3
"""GNU Radio's fastnoise_source_s / noise_source_s value histograms (NoiseSourceBlockTest.shortsAreTruncatedLikeGnuRadio):
P(value == k) for k = -4..4, 10^6 samples each; gaussian amplitude 3 and uniform amplitude 3."""
import numpy as np
from gnuradio import analog, blocks, gr

for name, kind in (("gaussian", analog.GR_GAUSSIAN), ("uniform", analog.GR_UNIFORM)):
    for make in (analog.fastnoise_source_s, lambda k, a, s, n: analog.noise_source_s(k, a, s)):
        tb = gr.top_block()
        src = make(kind, 3.0, 0, 8192)
        head = blocks.head(gr.sizeof_short, 1_000_000)
        sink = blocks.vector_sink_s()
        tb.connect(src, head, sink)
        tb.run()
        x = np.array(sink.data())
        print(name, [round(float(np.mean(x == k)), 4) for k in range(-4, 5)], "min", x.min(), "max", x.max())

#!/usr/bin/env python3
"""GNU Radio's peer of tiny.graph, written as GRC's generated scripts are (top block class, main, wait):
null_source -> head(1000) -> null_sink, float32. Run with /usr/bin/python3 (GNU Radio 3.10)."""
from gnuradio import blocks, gr


class Tiny(gr.top_block):
    def __init__(self):
        gr.top_block.__init__(self, "Tiny start-up graph", catch_exceptions=True)
        self.src = blocks.null_source(gr.sizeof_float * 1)
        self.head = blocks.head(gr.sizeof_float * 1, 1000)
        self.sink = blocks.null_sink(gr.sizeof_float * 1)
        self.connect((self.src, 0), (self.head, 0))
        self.connect((self.head, 0), (self.sink, 0))


def main():
    tb = Tiny()
    tb.start()
    tb.wait()


if __name__ == "__main__":
    main()

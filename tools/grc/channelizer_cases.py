#!/usr/bin/python3
"""Writes small GRC flowgraphs that check GNU Radio's hierarchical polyphase channelizer (pfb_channelizer_hier_ccf)
against GNU Radio 3.10: a repeated fixed complex noise vector -> channelizer -> its outputs interleaved by a stream
mux (one item each) -> head -> file sink, into engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py
--save on those files to store GNU Radio's output beside each (GnuRadioSamplesTest compares).

Usage: python3 tools/grc/channelizer_cases.py
"""
from case_files import METADATA, chain_connections, write_cases
from fec_cases import block
from filter_cases import HEADER, noise

# case name -> (channelizer params, outputs)
CASES = {
    # polyphase_channelizer_demo's settings: designed taps (optfir), all channels
    "pfb_channelizer_hier_3": ({"nchans": "3", "n_filterbanks": "4", "taps": "None", "outchans": "None",
                                "atten": "100", "bw": "0.6", "tb": "0.2", "ripple": "0.1"}, 3),
    # explicit taps whose length is no multiple of nchans, the channels in another order (GRC gives the block
    # nchans outputs whatever outchans holds, so a selection of fewer channels does not compile in GRC 3.10)
    "pfb_channelizer_hier_5_sel": ({"nchans": "5", "n_filterbanks": "2",
                                    "taps": "firdes.low_pass(1, 5, 0.45, 0.2)", "outchans": "[3, 0, 4, 1, 2]",
                                    "atten": "100", "bw": "1.0", "tb": "0.2", "ripple": "0.1"}, 5),
}


def flowgraph(name, params, outputs):
    text = HEADER.format(name=name)
    text += block("src", "blocks_vector_source_x", {"type": "complex", "vector": noise(True), "repeat": "True",
                                                     "tags": "[]", "vlen": "1"}, 16)
    text += block("chan", "pfb_channelizer_hier_ccf", params, 200)
    text += block("mux", "blocks_stream_mux", {"type": "complex", "vlen": "1", "num_inputs": str(outputs),
                                               "lengths": "(" + "1, " * outputs + ")"}, 400)
    text += block("head", "blocks_head", {"type": "complex", "num_items": "3000", "vlen": "1"}, 500)
    text += block("sink", "blocks_file_sink", {"type": "complex", "file": f"{name}.cf32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    text += "\nconnections:\n- [src, '0', chan, '0']\n"
    for i in range(outputs):
        text += f"- [chan, '{i}', mux, '{i}']\n"
    return text + chain_connections(["mux", "head", "sink"]) + METADATA


if __name__ == "__main__":
    write_cases(CASES, flowgraph)

#!/usr/bin/python3
"""Reference outputs of GNU Radio 3.10's packet_headergenerator_bb and packet_headerparser_b with the
packet_header_default and packet_header_ofdm formatters (the OFDM hier blocks' header), recorded so that CI needs no
GNU Radio (read by PacketHeaderGnuRadioTest).

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_packet_header.py
It writes engine/src/test/resources/reference/gnuradio_packet_header.json: per formatter its SigFlow params, the
generator's output items and tags for packets of LENGTHS (a tag 'mark' on the second packet's third item), and the
parser's header_data messages (pmt.write_string) for those headers with tags on some header items and the third
header's length item flipped.
"""
import json
import os
import time

import pmt
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_packet_header.json")
LENGTHS = [100, 7, 4095, 4100, 1, 23]
OCC = [list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + list(range(1, 7)) + list(range(8, 21))
       + list(range(22, 27))]
OCC2 = [[-4, -3, -2, -1, 1, 2, 3, 4], [-3, -2, 2, 3], [-2, -1, 1, 2, 5]]

# name -> (SigFlow params, GNU Radio formatter)
FORMATS = {
    "default_1": ({"format": "default", "header_len": 32, "bits_per_byte": 1},
                  lambda: digital.packet_header_default(32, "packet_len", "packet_num", 1)),
    "default_3_short": ({"format": "default", "header_len": 9, "bits_per_byte": 3, "hdr_len_tag_key": "len",
                         "num_tag_key": "num"}, lambda: digital.packet_header_default(9, "len", "num", 3)),
    "default_6": ({"format": "default", "header_len": 8, "bits_per_byte": 6},
                  lambda: digital.packet_header_default(8, "packet_len", "packet_num", 6)),
    "ofdm_tx_ofdm": ({"format": "ofdm", "occupied_carriers": OCC, "n_syms": 1, "hdr_len_tag_key": "packet_len",
                      "frame_len_tag_key": "frame_len", "bits_per_header_sym": 1, "bits_per_payload_sym": 2},
                     lambda: digital.packet_header_ofdm(OCC, 1, "packet_len", "frame_len", "packet_num", 1, 2, False)),
    "ofdm_scrambled_sets": ({"format": "ofdm", "occupied_carriers": OCC2, "n_syms": 2, "hdr_len_tag_key": "plen",
                             "frame_len_tag_key": "flen", "num_tag_key": "pnum", "bits_per_header_sym": 2,
                             "bits_per_payload_sym": 3, "scramble_header": True},
                            lambda: digital.packet_header_ofdm(OCC2, 2, "plen", "flen", "pnum", 2, 3, True)),
}


def tag(offset, key, value):
    return gr.tag_utils.python_to_tag((offset, pmt.intern(key), value, pmt.PMT_NIL))


def generator(make):
    data, tags, at = [], [], 0
    for k, n in enumerate(LENGTHS):
        data += [(k * 37 + i) % 256 for i in range(n)]
        tags.append(tag(at, "packet_len", pmt.from_long(n)))
        if k == 1:
            tags.append(tag(at + 2, "mark", pmt.from_long(5)))
        at += n
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, tags)
    gen = digital.packet_headergenerator_bb(make().base(), "packet_len")
    snk = blocks.vector_sink_b()
    tb.connect(src, gen, snk)
    tb.run()
    return {"input": data, "input_tags": [[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in tags],
            "items": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in snk.tags()])}


def parser(make, items):
    fmt = make()
    n = fmt.header_len()
    items = list(items)
    items[2 * n] ^= 1                                   # the third header's first length item
    tags = [tag(0, "ofdm_sync_carr_offset", pmt.from_long(-2)), tag(n + 1, "frame_len", pmt.from_long(1)),
            tag(3 * n, "packet_num", pmt.from_long(77))]
    tb = gr.top_block()
    src = blocks.vector_source_b(items, False, 1, tags)
    p = digital.packet_headerparser_b(fmt.base())
    dbg = blocks.message_debug()
    tb.connect(src, p)
    tb.msg_connect((p, "header_data"), (dbg, "store"))
    tb.run()
    time.sleep(0.2)
    return {"items": items, "tags": [[t.offset, pmt.symbol_to_string(t.key), pmt.to_long(t.value)] for t in tags],
            "messages": [pmt.write_string(dbg.get_message(i)) for i in range(dbg.num_messages())]}


def main():
    out = {}
    for name, (params, make) in FORMATS.items():
        g = generator(make)
        out[name] = {"params": params, "generator": g, "parser": parser(make, g["items"])}
    with open(OUT, "w") as f:
        json.dump({"lengths": LENGTHS, "formats": out}, f)
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()

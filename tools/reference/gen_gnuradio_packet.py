#!/usr/bin/python3
"""GNU Radio 3.10's packet blocks on fixed inputs, recorded for PacketGnuRadioTest.

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_packet.py
PDUs of 1, 4, 17, 50 and 300 bytes ((37 i + 11 k) mod 256; the first with metadata {foo: 1}) through
crc32_async_bb (generate; then check, with one corrupted copy that it drops), protocol_formatter_async (header and
payload PDUs) for each header format below, protocol_formatter_bb on the same payloads as a tagged stream (output
bytes and tags), and protocol_parser_b on a bit stream of those headers (one corrupted) between junk bits (also
the CRC headers least significant bit first, as GNU Radio 3.11's formatter_crc.grc example unpacks them).
Writes engine/src/test/resources/reference/gnuradio_packet.json (PDUs as pmt.serialize_str hex and
pmt.write_string).
"""
import json
import os
import time

import pmt
from gnuradio import blocks, digital, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_packet.json")
LENGTHS = [1, 4, 17, 50, 300]
AC = digital.packet_utils.default_access_code
OFDM_CARRIERS = [list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + list(range(1, 7))
                 + list(range(8, 21)) + list(range(22, 27)), [-4, -3, -2, -1, 1, 2, 3, 4]]
# name -> (constructor call as SigFlow params, the GNU Radio object maker)
FORMATS = {
    "default": ({"format": "default", "access_code": AC, "threshold": 2, "bps": 2},
                lambda: digital.header_format_default(AC, 2, 2)),
    "default20": ({"format": "default", "access_code": "10101010111101010101", "threshold": 3, "bps": 1},
                  lambda: digital.header_format_default("10101010111101010101", 3, 1)),
    "counter": ({"format": "counter", "access_code": AC, "threshold": 0, "bps": 4},
                lambda: digital.header_format_counter(AC, 0, 4)),
    "crc": ({"format": "crc", "len_key": "packet_len", "num_key": "packet_num"},
            lambda: digital.header_format_crc("packet_len", "packet_num")),
    "ofdm": ({"format": "ofdm", "occupied_carriers": OFDM_CARRIERS, "n_syms": 1, "len_key": "packet_len",
              "frame_key": "frame_len", "num_key": "packet_num", "bits_per_header_sym": 1,
              "bits_per_payload_sym": 2, "scramble_header": True},
             lambda: digital.header_format_ofdm(OFDM_CARRIERS, 1, "packet_len", "frame_len", "packet_num", 1, 2,
                                                True)),
    "ofdm_plain": ({"format": "ofdm", "occupied_carriers": OFDM_CARRIERS, "n_syms": 2, "len_key": "len",
                    "frame_key": "frame", "num_key": "num", "bits_per_header_sym": 2, "bits_per_payload_sym": 6,
                    "scramble_header": False},
                   lambda: digital.header_format_ofdm(OFDM_CARRIERS, 2, "len", "frame", "num", 2, 6, False)),
}


def payload(k, n):
    return [(37 * i + 11 * k) % 256 for i in range(n)]


def pdus():
    out = []
    for k, n in enumerate(LENGTHS):
        meta = pmt.dict_add(pmt.make_dict(), pmt.intern("foo"), pmt.from_long(1)) if k == 0 else pmt.make_dict()
        out.append(pmt.cons(meta, pmt.init_u8vector(n, payload(k, n))))
    return out


def record(p):
    return {"hex": pmt.serialize_str(p).hex(), "text": pmt.write_string(p)}


def run_messages(block, port, outs, expected, messages):
    """Posts messages to a message-only block and collects what it posts on each output port."""
    tb = gr.top_block()
    dbgs = {o: blocks.message_debug() for o in outs}
    for o, d in dbgs.items():
        tb.msg_connect((block, o), (d, "store"))
    for m in messages:
        block.to_basic_block()._post(pmt.intern(port), m)
    tb.start()
    deadline = time.time() + 10
    while sum(d.num_messages() for d in dbgs.values()) < expected and time.time() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    tb.stop()
    tb.wait()
    return {o: [record(d.get_message(i)) for i in range(d.num_messages())] for o, d in dbgs.items()}


def tagged_stream(sizes, k0=0):
    data, tags, at = [], [], 0
    for k, n in enumerate(sizes):
        data += payload(k + k0, n)
        tags.append(gr.tag_utils.python_to_tag((at, pmt.intern("packet_len"), pmt.from_long(n), pmt.PMT_NIL)))
        at += n
    return data, tags


def formatter_bb(make):
    data, tags = tagged_stream(LENGTHS)
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, tags)
    fmt = digital.protocol_formatter_bb(make(), "packet_len")
    snk = blocks.vector_sink_b()
    tb.connect(src, fmt, snk)
    tb.run()
    return {"bytes": list(snk.data()),
            "tags": sorted([[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in snk.tags()])}


def bits_of(byte_list, lsb_first):
    out = []
    for b in byte_list:
        out += [(b >> i) & 1 for i in (range(8) if lsb_first else range(7, -1, -1))]
    return out


def parser(name, make, lsb_first=False):
    """Header bits (as the formatter makes them, each byte most significant bit first, as GNU Radio 3.10's parsers
    read them) between junk bits for the access-code formats; back to back for the CRC formats (GNU Radio's CRC
    parser reads one bit past its input when a call ends inside a header). The third header has one bit flipped in
    its length/CRC part."""
    fmt = make()
    crc_like = name.startswith("crc") or name.startswith("ofdm")
    bits = []
    for k, n in enumerate(LENGTHS + [23, 7]):
        header = list(pmt.u8vector_elements(pmt.cdr(fmt_pdu(fmt, n))))
        hb = bits_of(header, lsb_first)
        if k == 2:
            hb[-3] ^= 1
        if not crc_like:
            bits += [(k * 7 + i * 3) % 5 % 2 for i in range(40 + k)]
        bits += hb
    tb = gr.top_block()
    src = blocks.vector_source_b(bits, False)
    p = digital.protocol_parser_b(make())
    dbg = blocks.message_debug()
    tb.connect(src, p)
    tb.msg_connect((p, "info"), (dbg, "store"))
    tb.run()
    time.sleep(0.2)
    return {"bits": bits, "info": [record(dbg.get_message(i)) for i in range(dbg.num_messages())]}


def fmt_pdu(fmt, n):
    tb_block = digital.protocol_formatter_async(fmt)
    got = run_messages(tb_block, "in", ["header"], 1, [pmt.cons(pmt.make_dict(), pmt.init_u8vector(n, [0] * n))])
    return pmt.deserialize_str(bytes.fromhex(got["header"][0]["hex"]))


def main():
    out = {"lengths": LENGTHS, "pdus": [record(p) for p in pdus()], "formats": {}}
    gen = run_messages(digital.crc32_async_bb(False), "in", ["out"], len(LENGTHS), pdus())["out"]
    out["crc32_generate"] = gen
    checked = [pmt.deserialize_str(bytes.fromhex(g["hex"])) for g in gen]
    bad = bytearray(pmt.u8vector_elements(pmt.cdr(checked[2])))
    bad[5] ^= 0x10
    checked.insert(3, pmt.cons(pmt.make_dict(), pmt.init_u8vector(len(bad), list(bad))))
    out["crc32_check_in"] = [record(p) for p in checked]
    out["crc32_check"] = run_messages(digital.crc32_async_bb(True), "in", ["out"], len(LENGTHS), checked)["out"]
    for name, (params, make) in FORMATS.items():
        fa = run_messages(digital.protocol_formatter_async(make()), "in", ["header", "payload"], 2 * len(LENGTHS),
                          pdus())
        out["formats"][name] = {"params": params, "async": fa, "bb": formatter_bb(make), "parser": parser(name, make)}
    # formatter_crc.grc (from GNU Radio 3.11's examples) unpacks least significant bit first: 3.10 rejects those
    out["crc_lsb_first_parser"] = parser("crc", FORMATS["crc"][1], True)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()

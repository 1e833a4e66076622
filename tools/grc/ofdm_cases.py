#!/usr/bin/python3
"""Writes small GRC flowgraphs that check the OFDM transmitter blocks against GNU Radio 3.10: fixed pseudo-random
bytes in packets -> (the blocks of gr-digital/examples/ofdm/tx_ofdm.grc, or digital_ofdm_tx) -> file sink, one per
case, into engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on those files to store GNU
Radio's output beside each (GnuRadioSamplesTest compares).

Usage: python3 tools/grc/ofdm_cases.py
"""
import os
import random

from filter_cases import BLOCK, HEADER, OUT

OCCUPIED = ("(list(range(-26, -21)) + list(range(-20, -7)) + list(range(-6, 0)) + list(range(1, 7)) + "
            "list(range(8, 21)) + list(range(22, 27)),)")
SQ2 = "1.41421356"
# tx_ofdm.grc's sync words
SYNC1 = ("[0., 0., 0., 0., 0., 0., 0., S, 0., -S, 0., S, 0., -S, 0., -S, 0., -S, 0., S, 0., -S, 0., S, 0., -S, 0., "
         "-S, 0., -S, 0., -S, 0., S, 0., -S, 0., S, 0., S, 0., S, 0., -S, 0., S, 0., S, 0., S, 0., -S, 0., S, 0., "
         "S, 0., S, 0., 0., 0., 0., 0., 0.]").replace("S", SQ2)
SYNC2 = ("[0, 0, 0, 0, 0, 0, -1, -1, -1, -1, 1, 1, -1, -1, -1, 1, -1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, 1, -1, -1, "
         "1, -1, 0, 1, -1, 1, 1, 1, -1, 1, 1, 1, -1, 1, 1, 1, 1, -1, 1, -1, -1, -1, 1, -1, 1, -1, -1, -1, -1, 0, 0, "
         "0, 0, 0]")


def block(name, grc_id, params, x, y=100):
    text = ", ".join("{}: '{}'".format(k, v.replace("'", "''")) for k, v in params.items())
    return BLOCK.format(name=name, id=grc_id, params=text, x=x).replace(", 100]", f", {y}]")


def payload(n, seed):
    rng = random.Random(seed)
    return "[" + ", ".join(str(rng.randint(0, 255)) for _ in range(n)) + "]"


def variables(values):
    return "".join(block(k, "variable", {"value": v}, 200 + 90 * i, 12) for i, (k, v) in enumerate(values))


def tx_blocks(name):
    """tx_ofdm.grc's transmitter, block by block (its header formatter variable with keyword arguments)."""
    text = HEADER.format(name=name) + variables([
        ("fft_len", "64"), ("length_tag_key", '"packet_len"'), ("packet_len", "96"),
        ("occupied_carriers", OCCUPIED), ("pilot_carriers", "((-21, -7, 7, 21,),)"),
        ("pilot_symbols", "((1, 1, 1, -1,),)"), ("sync_word1", SYNC1), ("sync_word2", SYNC2),
        ("header_mod", "digital.constellation_bpsk()"), ("payload_mod", "digital.constellation_qpsk()"),
        ("header_formatter", "digital.packet_header_ofdm(occupied_carriers, n_syms=1, len_tag_key=length_tag_key, "
         "frame_len_tag_key=length_tag_key, bits_per_header_sym=header_mod.bits_per_symbol(), "
         "bits_per_payload_sym=payload_mod.bits_per_symbol(), scramble_header=False)")])
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": payload(3 * 96, 11),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1",
                                                              "packet_len": "packet_len",
                                                              "len_tag_key": "length_tag_key"}, 100)
    text += block("crc", "digital_crc32_bb", {"check": "False", "lengthtagname": "length_tag_key",
                                              "packed": "True"}, 200)
    text += block("hdr", "digital_packet_headergenerator_bb", {"header_formatter": "header_formatter.base()",
                                                               "len_tag_key": "length_tag_key"}, 300)
    text += block("repack", "blocks_repack_bits_bb", {"k": "8", "l": "payload_mod.bits_per_symbol()",
                                                      "len_tag_key": "length_tag_key", "align_output": "False",
                                                      "endianness": "gr.GR_LSB_FIRST"}, 300, 200)
    text += block("hdr_sym", "digital_chunks_to_symbols_xx", {"in_type": "byte", "out_type": "complex",
                                                              "symbol_table": "header_mod.points()",
                                                              "dimension": "1", "num_ports": "1"}, 400)
    text += block("pay_sym", "digital_chunks_to_symbols_xx", {"in_type": "byte", "out_type": "complex",
                                                              "symbol_table": "payload_mod.points()",
                                                              "dimension": "1", "num_ports": "1"}, 400, 200)
    text += block("mux", "blocks_tagged_stream_mux", {"type": "complex", "vlen": "1", "ninputs": "2",
                                                      "lengthtagname": "length_tag_key",
                                                      "tag_preserve_head_pos": "0"}, 500)
    text += block("alloc", "digital_ofdm_carrier_allocator_cvc", {
        "fft_len": "fft_len", "occupied_carriers": "occupied_carriers", "pilot_carriers": "pilot_carriers",
        "pilot_symbols": "pilot_symbols", "sync_words": "(sync_word1, sync_word2)",
        "len_tag_key": "length_tag_key", "output_is_shifted": "True"}, 600)
    text += block("ifft", "fft_vxx", {"type": "complex", "fft_size": "fft_len", "forward": "False",
                                      "window": "()", "shift": "True", "nthreads": "1"}, 700)
    text += block("cp", "digital_ofdm_cyclic_prefixer", {"input_size": "fft_len", "cp_len": "fft_len//4",
                                                          "rolloff": "0", "tagname": "length_tag_key"}, 800)
    text += block("sink", "blocks_file_sink", {"type": "complex", "file": f"{name}.cf32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 900)
    edges = [("src", "tagger"), ("tagger", "crc"), ("crc", "hdr"), ("crc", "repack"), ("hdr", "hdr_sym"),
             ("repack", "pay_sym"), ("hdr_sym", "mux"), ("pay_sym", "mux", "1"), ("mux", "alloc"),
             ("alloc", "ifft"), ("ifft", "cp"), ("cp", "sink")]
    return text + connections(edges)


def tx_hier(name, params, vars_=()):
    """digital_ofdm_tx as rx_ofdm.grc or ofdm_loopback.grc use it, with GNU Radio's default sync words: those
    examples leave the sync words empty, which GRC 3.10.5's template passes on as () (GNU Radio refuses them);
    None makes the hier block draw its defaults."""
    text = HEADER.format(name=name) + variables([("fft_len", "64"), ("len_tag_key", '"packet_len"')] + list(vars_))
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": payload(4 * 50, 5),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1", "packet_len": "50",
                                                              "len_tag_key": "len_tag_key"}, 100)
    p = {"fft_len": "fft_len", "cp_len": "fft_len//4", "header_mod": '"BPSK"', "payload_mod": '"QPSK"',
         "packet_len_key": "len_tag_key", "rolloff": "0", "scramble_bits": "False", "log": "False",
         "sync_word1": "None", "sync_word2": "None"}
    p.update(params)
    text += block("tx", "digital_ofdm_tx", p, 200)
    text += block("sink", "blocks_file_sink", {"type": "complex", "file": f"{name}.cf32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 300)
    return text + connections([("src", "tagger"), ("tagger", "tx"), ("tx", "sink")])


def loopback(name, scramble="False"):
    """ofdm_loopback.grc without its GUI: 12 packets of 50 random bytes through digital_ofdm_tx, a channel model
    (gain 1+1j, noise 0.05, 0.25 carrier spacings of frequency offset) and digital_ofdm_rx, the bytes as floats into a file sink."""
    text = HEADER.format(name=name) + variables([("fft_len", "64"), ("len_tag_key", '"packet_len"')])
    text += block("src", "blocks_vector_source_x", {"type": "byte", "vector": payload(12 * 50, 23),
                                                     "repeat": "False", "tags": "[]", "vlen": "1"}, 16)
    text += block("tagger", "blocks_stream_to_tagged_stream", {"type": "byte", "vlen": "1", "packet_len": "50",
                                                              "len_tag_key": "len_tag_key"}, 100)
    common = {"fft_len": "fft_len", "cp_len": "fft_len//4", "header_mod": '"BPSK"', "payload_mod": '"QPSK"',
              "occupied_carriers": "((-4,-3,-2,-1,1,2,3,4),)", "pilot_carriers": "((-6,-5,5,6),)",
              "pilot_symbols": "((-1,1,-1,1),)", "scramble_bits": scramble, "log": "False",
              "sync_word1": "None", "sync_word2": "None"}
    text += block("tx", "digital_ofdm_tx", dict(common, packet_len_key="len_tag_key", rolloff="0"), 200)
    text += block("chan", "channels_channel_model", {"noise_voltage": "0.05", "freq_offset": "0.25 / fft_len",
                                                      "epsilon": "1.0", "taps": "1.0 + 1.0j", "seed": "0",
                                                      "block_tags": "True"}, 300)
    text += block("rx", "digital_ofdm_rx", dict(common, packet_len_key='"rx_len"'), 400)
    text += block("to_float", "blocks_uchar_to_float", {}, 500)
    text += block("sink", "blocks_file_sink", {"type": "float", "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    return text + connections([("src", "tagger"), ("tagger", "tx"), ("tx", "chan"), ("chan", "rx"), ("rx", "to_float"),
                               ("to_float", "sink")])


def connections(edges):
    text = "\nconnections:\n"
    for e in edges:
        text += f"- [{e[0]}, '0', {e[1]}, '{e[2] if len(e) > 2 else 0}']\n"
    return text + "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"


CASES = {
    "ofdm_tx_blocks": tx_blocks,
    # ofdm_loopback.grc's transmitter: its small carrier sets, default sync words
    "ofdm_tx_loopback": lambda n: tx_hier(n, {"occupied_carriers": "((-4,-3,-2,-1,1,2,3,4),)",
                                              "pilot_carriers": "((-6,-5,5,6),)", "pilot_symbols": "((-1,1,-1,1),)"}),
    # the hier block's default carriers written out (GRC 3.10.5 passes an empty one on as ()), its default sync
    # words, QPSK header, 8-PSK payload, a rolloff
    "ofdm_tx_8psk_rolloff": lambda n: tx_hier(n, {"occupied_carriers": OCCUPIED, "pilot_carriers": "((-21, -7, 7, 21,),)",
                                                  "pilot_symbols": "((1, 1, 1, -1,),)", "payload_mod": '"8-PSK"',
                                                  "header_mod": '"QPSK"', "rolloff": "4"}),
    "ofdm_loopback_rx": loopback,
    # scramble_bits: the payload scrambler (0x8a, seed 0x7f, reset on each packet) and the scrambled header
    "ofdm_tx_scrambled": lambda n: tx_hier(n, {"occupied_carriers": "((-4,-3,-2,-1,1,2,3,4),)",
                                               "pilot_carriers": "((-6,-5,5,6),)", "pilot_symbols": "((-1,1,-1,1),)",
                                               "scramble_bits": "True"}),
    "ofdm_loopback_rx_scrambled": lambda n: loopback(n, "True"),
}


def tx_defaults(name):
    """digital_ofdm_tx with every list param left empty (GRC's default): the hier block's own defaults."""
    return tx_hier(name, {"header_mod": '"BPSK"', "payload_mod": '"BPSK"', "sync_word1": "()", "sync_word2": "()"})


def tx_defaults_reference(name):
    """GRC 3.10.5 passes the empty params on as (), which GNU Radio refuses, so GNU Radio's output for this case comes
    from its Python hier block called as its defaults intend (needs /usr/bin/python3 with GNU Radio)."""
    from gnuradio import blocks, digital, gr
    import pmt
    rng = random.Random(5)
    data = [rng.randint(0, 255) for _ in range(4 * 50)]
    tags = [gr.tag_utils.python_to_tag((50 * k, pmt.intern("packet_len"), pmt.from_long(50), pmt.PMT_NIL))
            for k in range(4)]
    tb = gr.top_block()
    src = blocks.vector_source_b(data, False, 1, tags)
    tx = digital.ofdm_tx(fft_len=64, cp_len=16, packet_length_tag_key="packet_len")
    sink = blocks.file_sink(gr.sizeof_gr_complex, os.path.join(OUT, name + ".cf32"), False)
    tb.connect(src, tx, sink)
    tb.run()
    sink.close()


def main():
    for name, make in CASES.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(make(name))
    with open(os.path.join(OUT, "ofdm_tx_defaults.grc"), "w") as f:
        f.write(tx_defaults("ofdm_tx_defaults"))
    try:
        tx_defaults_reference("ofdm_tx_defaults")
        print("wrote GNU Radio's output of ofdm_tx_defaults")
    except ImportError:
        print("no GNU Radio here: run with /usr/bin/python3 for ofdm_tx_defaults.cf32")
    print(f"wrote {len(CASES) + 1} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()

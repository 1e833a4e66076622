#!/usr/bin/python3
"""GNU Radio 3.10's file_meta_sink files (inline and detached headers, several segments, rx_time / rx_rate / other
tags, an extra dict), recorded so that CI does not need GNU Radio: FileMetaGnuRadioTest writes the same items and
tags with SigFlow's file_meta_sink and compares the files byte for byte, and SigFlow's file_meta_source reads them
back as GNU Radio's does (items and tags, "source").

Regenerate with the system Python that has GNU Radio:
    /usr/bin/python3 tools/reference/gen_gnuradio_file_meta.py
Writes engine/src/test/resources/reference/gnuradio_file_meta.json: per case the params, the input values (float32;
complex as [re, im] pairs), the tags [offset, key, kind, value], and the files as base64.
"""
import base64
import json
import os
import tempfile

import numpy as np
import pmt
from gnuradio import blocks, gr

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_file_meta.json")
rng = np.random.default_rng(5)


def tag_pmt(kind, value):
    if kind == "rx_time":
        return pmt.make_tuple(pmt.from_uint64(value[0]), pmt.from_double(value[1]))
    if kind == "double":
        return pmt.from_double(value)
    return pmt.from_long(value)


def case(name, complex_items, vlen, n, max_seg, detached, tags, extra):
    values = rng.normal(0, 1, (n * vlen, 2) if complex_items else n * vlen).astype(np.float32)
    items = (values[:, 0] + 1j * values[:, 1]).astype(np.complex64) if complex_items else values
    gr_tags = [gr.tag_utils.python_to_tag((o, pmt.intern(k), tag_pmt(kind, v))) for o, k, kind, v in tags]
    extra_dict = pmt.make_dict()
    for k, v in extra:
        extra_dict = pmt.dict_add(extra_dict, pmt.intern(k), pmt.from_long(v))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "meta.dat")
        tb = gr.top_block()
        size = (gr.sizeof_gr_complex if complex_items else gr.sizeof_float) * vlen
        src = (blocks.vector_source_c if complex_items else blocks.vector_source_f)(items.tolist(), False, vlen, gr_tags)
        snk = blocks.file_meta_sink(size, path, 32000.0, 0.5, blocks.GR_FILE_FLOAT, complex_items, max_seg,
                                    extra_dict, detached)
        tb.connect(src, snk)
        tb.run()
        del snk
        tb = None
        files = {"data": base64.b64encode(open(path, "rb").read()).decode()}
        if detached:
            files["hdr"] = base64.b64encode(open(path + ".hdr", "rb").read()).decode()
        # GNU Radio's file_meta_source reading the file back: items and tags
        tb = gr.top_block()
        back = blocks.file_meta_source(path, False, detached, "")
        out = (blocks.vector_sink_c if complex_items else blocks.vector_sink_f)(vlen)
        tb.connect(back, out)
        tb.run()
        read = np.array(out.data(), dtype=np.complex64 if complex_items else np.float32)
        read = np.stack([read.real, read.imag], axis=1).flatten() if complex_items else read
        read_tags = [[t.offset, pmt.symbol_to_string(t.key), pmt.write_string(t.value)] for t in out.tags()]
    return {"name": name, "params": {"type": "cf32" if complex_items else "f32", "vlen": vlen, "samp_rate": 32000.0,
                                     "rel_rate": 0.5, "max_seg_size": max_seg, "detached": detached,
                                     "extra_dict": "pmt.make_dict()" if not extra else
                                     "pmt.dict_add(" * len(extra) + "pmt.make_dict()" +
                                     "".join(f", pmt.intern('{k}'), pmt.from_long({v}))" for k, v in extra)},
            "values": [float(v) for v in values.flatten()], "tags": [list(t) for t in tags], "files": files,
            "source": {"values": [float(v) for v in read], "tags": read_tags}}


TAGS = [[5, "rx_time", "rx_time", [7, 0.25]], [13, "foo", "long", 42], [20, "rx_rate", "double", 48000.0],
        [20, "bar", "long", -3]]
cases = [case("inline_float_segments", False, 1, 30, 8, False, TAGS, []),
         case("detached_complex_vectors", True, 2, 25, 6, True, [[3, "rx_time", "rx_time", [1, 0.5]]],
              [("gain", 3)])]
with open(OUT, "w") as f:
    json.dump({"generator": "tools/reference/gen_gnuradio_file_meta.py", "gnuradio": gr.version(), "cases": cases}, f,
              indent=1)
print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}")

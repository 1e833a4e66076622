"""JSON forms of GNU Radio values shared by the reference generators (run with /usr/bin/python3): stream items as
plain numbers (complex interleaved as float32 re, im) and tag values (integers as numbers, others as PMT text)."""
import numpy as np
import pmt


def plain(dtype, values):
    if dtype == "cf32":
        return [float(v) for c in values for v in (np.float32(c.real), np.float32(c.imag))]
    if dtype == "f32":
        return [float(np.float32(v)) for v in values]
    if dtype == "s32":
        return [int(v) for v in values]
    return [int(v) & 0xff for v in values]


def tag_value(v):
    if pmt.is_integer(v):
        return pmt.to_long(v)
    if pmt.is_uint64(v):
        return pmt.to_uint64(v)
    return pmt.write_string(v)

#!/usr/bin/python3
"""GNU Radio 3.10's ISI trellis objects, as viterbi_equalization.grc builds them, for GrcTrellisObjectsTest:
trellis.fsm(I, L) (I, S, O and its next-state and output tables) and fsm_utils.make_isi_lookup(modulation, channel,
normalize). Writes engine/src/test/resources/reference/gnuradio_trellis_isi.json.

Usage: /usr/bin/python3 tools/reference/gen_gnuradio_trellis_isi.py
"""
import json
import os

import gnuradio.trellis.fsm_utils as fu
from gnuradio import trellis

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "reference", "gnuradio_trellis_isi.json")


def main():
    fsms = {}
    for i, l in [(4, 5), (2, 5), (2, 3), (8, 2)]:
        f = trellis.fsm(i, l)
        fsms[f"{i},{l}"] = {"I": f.I(), "S": f.S(), "O": f.O(), "NS": list(f.NS()), "OS": list(f.OS())}
    lookups = {}
    for mod in ["pam2", "pam4"]:
        for normalize in [False, True]:
            dim, table = fu.make_isi_lookup(getattr(fu, mod), list(fu.c_channel), normalize)
            lookups[f"{mod},{normalize}"] = {"dim": dim, "table": table}
    with open(OUT, "w") as f:
        json.dump({"fsm": fsms, "isi_lookup": lookups, "c_channel": fu.c_channel}, f)
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()

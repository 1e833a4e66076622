"""Helpers of the scripts that write GRC test flowgraphs (cvsd_cases.py, channelizer_cases.py)."""
import os

from filter_cases import OUT

METADATA = "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"


def chain_connections(names):
    """GRC connections of a chain of blocks, each one's output 0 to the next one's input 0."""
    return "".join(f"- [{a}, '0', {b}, '0']\n" for a, b in zip(names, names[1:]))


def write_cases(cases, flowgraph):
    """Writes flowgraph(name, *case) as OUT/name.grc for every case."""
    for name, case in cases.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, *case))
    print(f"wrote {len(cases)} flowgraphs to {os.path.normpath(OUT)}")

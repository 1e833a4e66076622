#!/usr/bin/python3
"""Writes the small GRC flowgraphs that check GRC's filter blocks against GNU Radio 3.10 (a repeated fixed
pseudo-random vector -> filter ->
head -> file sink), one per case, into engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on
that folder to store GNU Radio's output beside each (what GnuRadioSamplesTest compares SigFlow with).

Usage: python3 tools/grc/filter_cases.py
"""
import os
import random

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "test", "resources",
                   "grc", "gnuradio")

# case name -> (GRC id, stream type, filter parameters[, extra blocks: (name, GRC id, parameters)])
CASES = {
    "low_pass_ccf_d2": ("low_pass_filter", "complex", {"type": "fir_filter_ccf", "decim": "2", "interp": "1",
                        "gain": "2", "samp_rate": "samp_rate", "cutoff_freq": "4e3", "width": "1.5e3",
                        "win": "window.WIN_HAMMING", "beta": "6.76"}),
    "low_pass_fff_kaiser": ("low_pass_filter", "float", {"type": "fir_filter_fff", "decim": "1", "interp": "1",
                            "gain": "1", "samp_rate": "samp_rate", "cutoff_freq": "3e3", "width": "1e3",
                            "win": "window.WIN_KAISER", "beta": "8"}),
    "high_pass_fff": ("high_pass_filter", "float", {"type": "fir_filter_fff", "decim": "1", "interp": "1",
                      "gain": "1", "samp_rate": "samp_rate", "cutoff_freq": "5e3", "width": "2e3",
                      "win": "window.WIN_BLACKMAN", "beta": "6.76"}),
    "band_pass_ccf": ("band_pass_filter", "complex", {"type": "fir_filter_ccf", "decim": "1", "interp": "1",
                      "gain": "1", "samp_rate": "samp_rate", "low_cutoff_freq": "2e3", "high_cutoff_freq": "6e3",
                      "width": "1e3", "win": "window.WIN_HANN", "beta": "6.76"}),
    "band_reject_fff_d3": ("band_reject_filter", "float", {"type": "fir_filter_fff", "decim": "3", "interp": "1",
                           "gain": "1", "samp_rate": "samp_rate", "low_cutoff_freq": "2e3",
                           "high_cutoff_freq": "6e3", "width": "1e3", "win": "window.WIN_HAMMING",
                           "beta": "6.76"}),
    "fft_filter_ccc": ("fft_filter_xxx", "complex", {"type": "ccc", "decim": "1", "nthreads": "1",
                       "samp_delay": "0", "taps": "[0.1, 0.2+0.3j, -0.4j, 0.5, 0.25-0.1j, 0.05]"}),
    "fft_filter_fff_lp": ("fft_filter_xxx", "float", {"type": "fff", "decim": "2", "nthreads": "1",
                          "samp_delay": "0", "taps": "firdes.low_pass(1, samp_rate, 3e3, 1e3)"}),
    # GNU Radio's start-up: output m is upsampled-filtered sample m*D + (Q-1)*I (Q taps per branch)
    "rational_resampler_fff_3_4": ("rational_resampler_xxx", "float", {"type": "fff", "interp": "3", "decim": "4",
                                   "taps": "[]", "fbw": "0"}),
    "rational_resampler_ccf_6_4_fbw": ("rational_resampler_xxx", "complex", {"type": "ccf", "interp": "6",
                                       "decim": "4", "taps": "[]", "fbw": "0.3"}),
    "rational_resampler_ccc_2_3_taps": ("rational_resampler_xxx", "complex", {"type": "ccc", "interp": "2",
                                        "decim": "3", "taps": "[0.1, 0.2+0.3j, -0.4j, 0.5, 0.25-0.1j, 0.05, 0.3]",
                                        "fbw": "0"}),
    # firdes.root_raised_cosine taps; alpha 0.25 at 4 samples per symbol takes its x3 == 0 branch
    "rrc_ccf_d2": ("root_raised_cosine_filter", "complex", {"type": "fir_filter_ccf", "decim": "2", "interp": "1",
                   "gain": "1", "samp_rate": "samp_rate", "sym_rate": "8e3", "alpha": "0.35", "ntaps": "44"}),
    "rrc_fff_interp4": ("root_raised_cosine_filter", "float", {"type": "interp_fir_filter_fff", "decim": "1",
                        "interp": "4", "gain": "4", "samp_rate": "samp_rate", "sym_rate": "samp_rate / 4",
                        "alpha": "0.25", "ntaps": "11 * 4"}),
    # pfb.arb_resampler: designed taps below rate 1 (firdes.low_pass_2) and from rate 1 (optfir, Parks-McClellan)
    "pfb_arb_ccf_0_73": ("pfb_arb_resampler_xxx", "complex", {"type": "ccf", "rrate": "0.73", "taps": "",
                         "nfilts": "32", "atten": "80", "samp_delay": "0"}),
    "pfb_arb_fff_1_37": ("pfb_arb_resampler_xxx", "float", {"type": "fff", "rrate": "1.37", "taps": "",
                         "nfilts": "16", "atten": "60", "samp_delay": "0"}),
    "pfb_arb_ccc_2_5_taps": ("pfb_arb_resampler_xxx", "complex", {"type": "ccc", "rrate": "2.5",
                             "taps": "[0.1, 0.2+0.3j, -0.4j, 0.5, 0.25-0.1j, 0.05, 0.3, 0.7, 0.2j, -0.1]",
                             "nfilts": "4", "atten": "100", "samp_delay": "0"}),
    # pfb.decimator_ccf (channel 0 and a shifted channel; FFT and FIR arms) and pfb.interpolator_ccf
    "pfb_decimator_d4_ch1": ("pfb_decimator_ccf", "complex", {"decim": "4", "taps": "[]", "channel": "1",
                             "atten": "80", "fft_rot": "True", "fft_filts": "True", "samp_delay": "0"}),
    "pfb_decimator_d3_taps": ("pfb_decimator_ccf", "complex", {"decim": "3", "channel": "0", "atten": "100",
                              "taps": "[0.1, 0.25, -0.3, 0.5, 0.7, 0.5, -0.3, 0.25, 0.1, 0.05, 0.02]",
                              "fft_rot": "False", "fft_filts": "False", "samp_delay": "0"}),
    "pfb_interpolator_i3": ("pfb_interpolator_ccf", "complex", {"interp": "3", "taps": "[]", "atten": "70",
                            "samp_delay": "0"}),
    # mmse_resampler (GNU Radio 3.7's fractional_resampler): down, up, and an initial phase
    "mmse_resampler_ff_1_37": ("mmse_resampler_xx", "float", {"type": "float", "phase_shift": "0",
                               "resamp_ratio": "1.37"}),
    "mmse_resampler_cc_0_61_mu": ("mmse_resampler_xx", "complex", {"type": "complex", "phase_shift": "0.3",
                                  "resamp_ratio": "0.61"}),
    # taps from firdes.root_raised_cosine / firdes.low_pass_2 calls and a variable_rrc_filter_taps block
    "pfb_arb_ccf_rrc_variable": ("pfb_arb_resampler_xxx", "complex", {"type": "ccf", "rrate": "4", "taps": "rrc",
                                 "nfilts": "32", "atten": "100", "samp_delay": "0"},
                                 [("rrc", "variable_rrc_filter_taps", {"gain": "32", "samp_rate": "32 * 4",
                                   "sym_rate": "1.0", "alpha": "0.35", "ntaps": "11 * 4 * 32"})]),
    "pfb_arb_fff_low_pass_2": ("pfb_arb_resampler_xxx", "float", {"type": "fff", "rrate": "0.6", "nfilts": "16",
                               "taps": "firdes.low_pass_2(16, 16 * samp_rate, 5e3, 2e3, 60, window.WIN_KAISER)",
                               "atten": "100", "samp_delay": "0"}),
    "rational_resampler_ccf_rrc_taps": ("rational_resampler_xxx", "complex", {"type": "ccf", "interp": "4",
                                        "decim": "3", "fbw": "0",
                                        "taps": "firdes.root_raised_cosine(4, 4, 1, 0.5, 33)"}),
}

HEADER = """options:
  parameters: {{generate_options: no_gui, id: {name}, title: {name}, run_options: run}}
  states: {{coordinate: [8, 8], rotation: 0, state: enabled}}

blocks:
- name: samp_rate
  id: variable
  parameters: {{value: '32000'}}
  states: {{coordinate: [184, 12], rotation: 0, state: enabled}}
"""
BLOCK = """- name: {name}
  id: {id}
  parameters: {{{params}}}
  states: {{coordinate: [{x}, 100], rotation: 0, state: enabled}}
"""


def block(name, grc_id, params, x):
    text = ", ".join(f"{k}: '{v}'" for k, v in params.items())
    return BLOCK.format(name=name, id=grc_id, params=text, x=x)


def connections(chain, extra=()):
    """The connections and metadata sections: each block of chain into the next (port 0), then extra
    (src, port, dst, port) connections."""
    text = "\nconnections:\n" + "".join(f"- [{a}, '0', {b}, '0']\n" for a, b in zip(chain, chain[1:]))
    text += "".join(f"- [{a}, {p}, {b}, {q}]\n" for a, p, b, q in extra)
    return text + "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"


def write_cases(cases, flowgraph):
    """Writes flowgraph(name, *case) for each case into OUT as name.grc."""
    for name, case in cases.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, *case))
    print(f"wrote {len(cases)} flowgraphs to {os.path.normpath(OUT)}")


def noise(cplx, n=257):
    """A fixed pseudo-random period of n samples with 4 decimals, so both sides read the same float32 values."""
    rng = random.Random(9)
    v = lambda: round(rng.uniform(-1, 1), 4)
    items = [f"({v()}{v():+}j)" if cplx else str(v()) for _ in range(n)]
    return "[" + ", ".join(items) + "]"


def flowgraph(name, grc_id, stream, params, extra=()):
    ext = "cf32" if stream == "complex" else "f32"
    text = HEADER.format(name=name)
    for i, (extra_name, extra_id, extra_params) in enumerate(extra):
        text += block(extra_name, extra_id, extra_params, 300 + 100 * i).replace(", 100]", ", 12]")
    text += block("src", "blocks_vector_source_x", {"type": stream, "vector": noise(stream == "complex"),
                                                     "repeat": "True", "tags": "[]", "vlen": "1"}, 16)
    text += block("filt", grc_id, params, 300)
    text += block("head", "blocks_head", {"type": stream, "num_items": "2000", "vlen": "1"}, 450)
    text += block("sink", "blocks_file_sink", {"type": stream, "file": f"{name}.{ext}", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    text += """
connections:
- [src, '0', filt, '0']
- [filt, '0', head, '0']
- [head, '0', sink, '0']

metadata: {file_format: 1, grc_version: 3.10.5.1}
"""
    return text


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (grc_id, stream, params, *extra) in CASES.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, grc_id, stream, params, *extra))
    print(f"wrote {len(CASES)} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()

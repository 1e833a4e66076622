#!/usr/bin/python3
"""Writes small GRC flowgraphs that check GRC's signal and noise sources against GNU Radio 3.10 (analog_sig_source_x,
each waveform, float and complex; analog_noise_source_x seeded; optionally through one more block -> head -> file
sink), one per case, into
engine/src/test/resources/grc/gnuradio/. Then run compare_grc.py --save on those files to store GNU Radio's output
beside each (GnuRadioSamplesTest compares). GNU Radio's sig_source runs gr::fxpt_nco (a 32-bit phase and a sine
table), which the import asks SigFlow for (signal_source's oscillator: gnuradio); its noise_source draws from
gr::random (XOROSHIRO128+), which the import asks for too (noise_source's generator: gnuradio).

Usage: python3 tools/grc/source_cases.py
"""
import os

import filter_cases
from filter_cases import HEADER, OUT, block

# case name -> (stream type, sig source parameters, [optional block after it: (GRC id, parameters, output type)])
CASES = {
    "sig_source_c_cos": ("complex", {"waveform": "analog.GR_COS_WAVE", "freq": "1234.5", "amp": "0.7",
                                     "offset": "0.1+0.2j", "phase": "0.3"}),
    "sig_source_f_sin": ("float", {"waveform": "analog.GR_SIN_WAVE", "freq": "-3000.25", "amp": "1.3",
                                   "offset": "0.25", "phase": "-2"}),
    "sig_source_c_tri": ("complex", {"waveform": "analog.GR_TRI_WAVE", "freq": "777", "amp": "2",
                                     "offset": "0", "phase": "1"}),
    "sig_source_f_saw": ("float", {"waveform": "analog.GR_SAW_WAVE", "freq": "450", "amp": "0.5",
                                   "offset": "-0.1", "phase": "0"}),
    "sig_source_c_sqr": ("complex", {"waveform": "analog.GR_SQR_WAVE", "freq": "1000", "amp": "1",
                                     "offset": "0", "phase": "0.5"}),
    # the table's error integrated by an FM modulator (GRC's fm_tx example: errors 6.8e-4 with an exact tone)
    "sig_source_fm": ("float", {"waveform": "analog.GR_COS_WAVE", "freq": "440", "amp": "0.5", "offset": "0",
                                "phase": "0"},
                      ("analog_frequency_modulator_fc", {"sensitivity": "2 * 3.14159 * 5e3 / samp_rate"},
                       "complex")),
    # GNU Radio's PLL: fast_atan2f and a float control loop (pll_freqdet's arithmetic: gnuradio)
    "pll_freqdet_tone": ("complex", {"waveform": "analog.GR_COS_WAVE", "freq": "2100", "amp": "1", "offset": "0",
                                     "phase": "0.4"},
                         ("analog_pll_freqdet_cf", {"w": "3.14159 / 100", "max_freq": "1", "min_freq": "-1"},
                          "float")),
}


NOISE = {
    "noise_f_gaussian": ("float", {"noise_type": "analog.GR_GAUSSIAN", "amp": "0.3", "seed": "-42"}),
    "noise_f_uniform": ("float", {"noise_type": "analog.GR_UNIFORM", "amp": "2", "seed": "7"}),
    "noise_c_gaussian": ("complex", {"noise_type": "analog.GR_GAUSSIAN", "amp": "1.5", "seed": "0"}),
    "noise_c_uniform": ("complex", {"noise_type": "analog.GR_UNIFORM", "amp": "0.8", "seed": "12345"}),
}
# analog_fastnoise_source_x: a pool of drawn samples picked at random (power of two: masked index; else modulo)
FASTNOISE = {
    "fastnoise_c_gaussian": ("complex", {"noise_type": "analog.GR_GAUSSIAN", "amp": "0.5", "seed": "0",
                                         "samples": "8192"}),
    "fastnoise_f_uniform": ("float", {"noise_type": "analog.GR_UNIFORM", "amp": "1", "seed": "99",
                                      "samples": "1000"}),
}


# blocks fed by seeded complex noise (every quadrant): GNU Radio's fast_atan2f in the quadrature demodulator
NOISE_INTO = {
    "quadrature_demod_noise": ("analog_quadrature_demod_cf", {"gain": "1.7"}, "float"),
    "pll_freqdet_noise": ("analog_pll_freqdet_cf", {"w": "0.2", "max_freq": "0.5", "min_freq": "-0.3"}, "float"),
}


def flowgraph(name, stream, params, after=None, source="analog_sig_source_x"):
    out = after[2] if after else stream
    ext = "cf32" if out == "complex" else "f32"
    text = HEADER.format(name=name)
    extra = {"samp_rate": "samp_rate"} if source == "analog_sig_source_x" else {}
    text += block("src", source, dict(params, type=stream, **extra), 16)
    if after:
        text += block("mid", after[0], after[1], 300)
    text += block("head", "blocks_head", {"type": out, "num_items": "3000", "vlen": "1"}, 450)
    text += block("sink", "blocks_file_sink", {"type": out, "file": f"{name}.{ext}", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    chain = ["src", "mid", "head", "sink"] if after else ["src", "head", "sink"]
    text += "\nconnections:\n" + "".join(f"- [{a}, '0', {b}, '0']\n" for a, b in zip(chain, chain[1:]))
    return text + "\nmetadata: {file_format: 1, grc_version: 3.10.5.1}\n"


# GNU Radio's channel_model hier block (a fixed pseudo-random input, as filter_cases.py feeds its filters)
CHANNEL = {
    "channel_model_gnuradio": ("channels_channel_model", "complex", {"noise_voltage": "0.3", "freq_offset": "0.01",
                               "epsilon": "1.0", "taps": "[1.0, 0.3+0.2j, -0.1j]", "seed": "4",
                               "block_tags": "False"}),
    "channel_model_seed_neg": ("channels_channel_model", "complex", {"noise_voltage": "0.05", "freq_offset": "-0.002",
                               "epsilon": "1.0", "taps": "1.0 + 0.0j", "seed": "-42", "block_tags": "False"}),
}


def random_pdu_case(name):
    """message strobe -> random_pdu -> pdu_to_tagged_stream -> char_to_float -> head -> file sink: GNU Radio's
    unseeded std::mt19937 gives the same bytes every run."""
    text = HEADER.format(name=name)
    text += block("strobe", "blocks_message_strobe", {"msg": "pmt.PMT_T", "period": "10"}, 16)
    text += block("gen", "pdu_random_pdu", {"minsize": "5", "maxsize": "40", "mask": "0x3f", "length_modulo": "3"},
                  150)
    text += block("p2s", "pdu_pdu_to_tagged_stream", {"type": "byte", "tag": "packet_len"}, 300)
    text += block("c2f", "blocks_char_to_float", {"scale": "1", "vlen": "1"}, 400)
    text += block("head", "blocks_head", {"type": "float", "num_items": "600", "vlen": "1"}, 500)
    text += block("sink", "blocks_file_sink", {"type": "float", "file": f"{name}.f32", "append": "False",
                                               "unbuffered": "False", "vlen": "1"}, 600)
    text += """
connections:
- [strobe, strobe, gen, generate]
- [gen, pdus, p2s, pdus]
- [p2s, '0', c2f, '0']
- [c2f, '0', head, '0']
- [head, '0', sink, '0']

metadata: {file_format: 1, grc_version: 3.10.5.1}
"""
    return text


def main():
    for name, (stream, params, *after) in CASES.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, stream, params, *after))
    for name, (stream, params) in NOISE.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, stream, params, None, "analog_noise_source_x"))
    for name, (stream, params) in FASTNOISE.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, stream, params, None, "analog_fastnoise_source_x"))
    for name, after in NOISE_INTO.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(flowgraph(name, "complex", {"noise_type": "analog.GR_GAUSSIAN", "amp": "1", "seed": "5"}, after,
                              "analog_noise_source_x"))
    for name, (grc_id, stream, params) in CHANNEL.items():
        with open(os.path.join(OUT, name + ".grc"), "w") as f:
            f.write(filter_cases.flowgraph(name, grc_id, stream, params))
    with open(os.path.join(OUT, "random_pdu_bytes.grc"), "w") as f:
        f.write(random_pdu_case("random_pdu_bytes"))
    print(f"wrote {len(CASES) + len(NOISE) + len(FASTNOISE) + len(NOISE_INTO) + len(CHANNEL) + 1} flowgraphs to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()

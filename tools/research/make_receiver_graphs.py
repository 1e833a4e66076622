#!/usr/bin/env python3
"""Writes the thesis's FM broadcast and AM receivers (sample-graphs/research/fm-broadcast-receiver.graph,
am-receiver.graph), each fed by a generated station at an offset in a noisy band. Run from anywhere; the output is
committed."""
from graphs import block, chain, edge, graph, write


def view(vid, kind, bid, x):
    return {"id": vid, "kind": kind, "block": bid, "x": x, "y": 420, "width": 560, "height": 340, "options": {}}


def band(noise_seed, cutoff, transition):
    """The station (built before 'station') plus noise, cut to 'seconds', moved to baseband and decimated."""
    return [
        block("noise", "noise_source", 580, 220, type="cf32", noise_type="gaussian", amplitude="noise", seed=noise_seed),
        block("band", "add", 760, 160, type="cf32", num_inputs=2, vlen=1),
        block("length", "head", 940, 160, type="cf32", num_items="int(seconds * samp_rate)", vlen=1),
        block("channel", "freq_xlating_fir_filter", 1120, 160, taps_type="real", decimation="decim",
              center_freq="station", samp_rate="samp_rate", taps_mode="designed", taps="[]", cutoff=cutoff,
              transition_width=transition, window="hamming", beta="6.76", gain="1"),
    ]


def file_out(bid, x, y):
    return block(bid, "file_sink", x, y, file="out_file", format="f32_le", type="f32", append="false", vlen=1)


# FM: two tones (1 kHz, 6 kHz) at 75 kHz deviation, station at +200 kHz in a 960 kS/s band
fm_blocks = [
    block("tone_a", "signal_source", 40, 40, type="f32", waveform="sine", samp_rate="samp_rate", frequency="tone_a",
          amplitude="0.5", offset="0", phase="0"),
    block("tone_b", "signal_source", 40, 160, type="f32", waveform="sine", samp_rate="samp_rate",
          frequency="tone_b", amplitude="0.5", offset="0", phase="0"),
    block("audio_in", "add", 220, 100, type="f32", num_inputs=2, vlen=1),
    block("fm", "frequency_mod", 400, 100, sensitivity="2 * pi * deviation / samp_rate"),
    block("station", "rotator", 580, 100, phase_inc="2 * pi * station / samp_rate"),
    *band("3", "100e3", "40e3"),
    block("demod", "quadrature_demod", 1300, 160, gain="(samp_rate / decim) / (2 * pi * deviation)"),
    block("deemph", "fm_deemph", 1480, 160, samp_rate="samp_rate / decim", tau="tau"),
    block("audio", "rational_resampler", 1660, 160, io_type="f32", taps_type="real", interpolation="1",
          decimation="5", taps="[]", fbw="0"),
    file_out("out", 1840, 160),
    block("wav", "wav_file_sink", 1840, 280, file="out_file_wav", samp_rate=48000, format="pcm16"),
]
fm_edges = [edge("tone_a", "audio_in", "out", "in0"), edge("tone_b", "audio_in", "out", "in1"),
            edge("station", "band", "out", "in0"), edge("noise", "band", "out", "in1")]
fm_edges += chain(["audio_in", "fm", "station"]) + chain(["band", "length", "channel", "demod", "deemph", "audio", "out"])
fm_edges.append(edge("audio", "wav"))
write("sample-graphs/research/fm-broadcast-receiver.graph", graph(
    "FM broadcast receiver (decimating FIR, quadrature demod, de-emphasis, audio resampler)",
    "The thesis's FM receiver on a generated band: a station at +200 kHz (two tones, 1 kHz and 6 kHz, 75 kHz "
    "deviation, no pre-emphasis) plus white noise at 960 kS/s; the frequency-translating FIR moves it to baseband and "
    "decimates by 4, the quadrature demodulator recovers the audio, the 75 us de-emphasis rolls off the highs "
    "(1 kHz x 0.90, 6 kHz x 0.33 here, since nothing pre-emphasised them), the resampler brings it to 48 kHz, and "
    "the audio goes to a float32 file and a 16-bit WAV file.",
    {"samp_rate": "960e3", "station": "200e3", "deviation": "75e3", "decim": "4", "tau": "75e-6",
     "tone_a": "1e3", "tone_b": "6e3", "noise": "0.01", "seconds": "0.5", "out_file": "'fm-audio.f32'",
     "out_file_wav": "'fm-audio.wav'"},
    fm_blocks, fm_edges, [view("band", "spectrum", "length", 40), view("audio", "time", "deemph", 620)]))

# AM: 1 kHz at 50 % modulation, station at +50 kHz in a 256 kS/s band; envelope detection
am_blocks = [
    block("tone", "signal_source", 40, 40, type="f32", waveform="cosine", samp_rate="samp_rate", frequency="tone",
          amplitude="depth", offset="0", phase="0"),
    block("carrier_level", "add_const", 220, 40, type="f32", const="1", vlen=1),
    block("zero", "null_source", 220, 160, type="f32", vlen=1),
    block("baseband", "float_to_complex", 400, 100, vlen=1),
    block("station", "rotator", 580, 100, phase_inc="2 * pi * station / samp_rate"),
    *band("5", "8e3", "4e3"),
    block("envelope", "complex_to_mag", 1300, 160, vlen=1),
    block("carrier_removed", "dc_blocker", 1480, 160, type="f32", length="dc_length", long_form="True"),
    block("audio", "rational_resampler", 1660, 160, io_type="f32", taps_type="real", interpolation="3",
          decimation="4", taps="[]", fbw="0"),
    file_out("out", 1840, 160),
]
am_edges = [edge("carrier_level", "baseband", "out", "re"), edge("zero", "baseband", "out", "im"),
            edge("station", "band", "out", "in0"), edge("noise", "band", "out", "in1")]
am_edges += chain(["tone", "carrier_level"]) + chain(["baseband", "station"])
am_edges += chain(["band", "length", "channel", "envelope", "carrier_removed", "audio", "out"])
write("sample-graphs/research/am-receiver.graph", graph(
    "AM receiver (envelope detector)",
    "The thesis's AM receiver on a generated band: a station at +50 kHz (carrier 1 + 0.5 cos(2 pi 1 kHz t)) plus "
    "white noise at 256 kS/s; the frequency-translating FIR moves it to baseband and decimates by 4, the magnitude is "
    "the envelope, the DC blocker removes the carrier's level (its 512-sample moving averages null every multiple of "
    "125 Hz, so the 1 kHz tone passes at full amplitude), the resampler brings 64 kHz to 48 kHz and the file gets the "
    "float audio.",
    {"samp_rate": "256e3", "station": "50e3", "decim": "4", "tone": "1e3", "depth": "0.5", "dc_length": "512",
     "noise": "0.01", "seconds": "0.5", "out_file": "'am-audio.f32'"},
    am_blocks, am_edges, [view("band", "spectrum", "length", 40), view("audio", "time", "carrier_removed", 620)]))

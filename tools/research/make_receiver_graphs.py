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


def speaker(x, y):
    """The sound card; without one (servers, CI) the audio is discarded at 48 kHz and the graph runs on."""
    return block("speaker", "audio_sink", x, y, samp_rate="48000", channels=1, device="''",
                 rate_mismatch="resample", no_device="null_sink")


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
          decimation="5", taps="[]", fbw="0", start="zero_history"),
    file_out("out", 1840, 160),
    block("wav", "wav_file_sink", 1840, 280, file="out_file_wav", samp_rate=48000, format="pcm16"),
    speaker(1840, 400),
]
fm_edges = [edge("tone_a", "audio_in", "out", "in0"), edge("tone_b", "audio_in", "out", "in1"),
            edge("station", "band", "out", "in0"), edge("noise", "band", "out", "in1")]
fm_edges += chain(["audio_in", "fm", "station"]) + chain(["band", "length", "channel", "demod", "deemph", "audio", "out"])
fm_edges += [edge("audio", "wav"), edge("audio", "speaker", "out", "in0")]
write("sample-graphs/research/fm-broadcast-receiver.graph", graph(
    "FM broadcast receiver (decimating FIR, quadrature demod, de-emphasis, audio resampler)",
    "The thesis's FM receiver on a generated band: a station at +200 kHz (two tones, 1 kHz and 6 kHz, 75 kHz "
    "deviation, no pre-emphasis) plus white noise at 960 kS/s; the frequency-translating FIR moves it to baseband and "
    "decimates by 4, the quadrature demodulator recovers the audio, the 75 us de-emphasis rolls off the highs "
    "(1 kHz x 0.90, 6 kHz x 0.33 here, since nothing pre-emphasised them), the resampler brings it to 48 kHz, and "
    "the audio goes to a float32 file, a 16-bit WAV file and the sound card (discarded at 48 kHz where there is none).",
    {"samp_rate": "960e3", "station": "200e3", "deviation": "75e3", "decim": "4", "tau": "75e-6",
     "tone_a": "1e3", "tone_b": "6e3", "noise": "0.01", "seconds": "0.5", "out_file": "'fm-audio.f32'",
     "out_file_wav": "'fm-audio.wav'"},
    fm_blocks, fm_edges, [view("band", "spectrum", "length", 40), view("audio", "time", "deemph", 620)]))

# AM: 1 kHz at 50 % modulation, station at +50 kHz in a 256 kS/s band; envelope or synchronous detection
def am_source(offset=None):
    """The station: carrier 1 + depth cos(2 pi tone t), at station (+ offset) Hz, plus the band's noise."""
    freq = "station" if offset is None else "(station + %s)" % offset
    return [
        block("tone", "signal_source", 40, 40, type="f32", waveform="cosine", samp_rate="samp_rate", frequency="tone",
              amplitude="depth", offset="0", phase="0"),
        block("carrier_level", "add_const", 220, 40, type="f32", const="1", vlen=1),
        block("zero", "null_source", 220, 160, type="f32", vlen=1),
        block("baseband", "float_to_complex", 400, 100, vlen=1),
        block("station", "rotator", 580, 100, phase_inc="2 * pi * %s / samp_rate" % freq),
        *band("5", "8e3", "4e3"),
    ]


def am_audio(x):
    """DC blocker (the carrier's level), 64 -> 48 kHz, then file, WAV and sound card."""
    return [
        block("carrier_removed", "dc_blocker", x, 160, type="f32", length="dc_length", long_form="True"),
        block("audio", "rational_resampler", x + 180, 160, io_type="f32", taps_type="real", interpolation="3",
              decimation="4", taps="[]", fbw="0", start="zero_history"),
        file_out("out", x + 360, 160),
        block("wav", "wav_file_sink", x + 360, 280, file="out_file_wav", samp_rate=48000, format="pcm16"),
        speaker(x + 360, 400),
    ]


am_front = [edge("carrier_level", "baseband", "out", "re"), edge("zero", "baseband", "out", "im"),
            edge("station", "band", "out", "in0"), edge("noise", "band", "out", "in1")]
am_front += chain(["tone", "carrier_level"]) + chain(["baseband", "station"]) + chain(["band", "length", "channel"])
am_back = chain(["carrier_removed", "audio", "out"]) + [edge("audio", "wav"), edge("audio", "speaker", "out", "in0")]
am_vars = {"samp_rate": "256e3", "station": "50e3", "decim": "4", "tone": "1e3", "depth": "0.5", "dc_length": "512",
           "noise": "0.01", "seconds": "0.5", "out_file": "'am-audio.f32'", "out_file_wav": "'am-audio.wav'"}
write("sample-graphs/research/am-receiver.graph", graph(
    "AM receiver (envelope detector)",
    "The thesis's AM receiver on a generated band: a station at +50 kHz (carrier 1 + 0.5 cos(2 pi 1 kHz t)) plus "
    "white noise at 256 kS/s; the frequency-translating FIR moves it to baseband and decimates by 4, the magnitude is "
    "the envelope, the DC blocker removes the carrier's level (its 512-sample moving averages null every multiple of "
    "125 Hz, so the 1 kHz tone passes at full amplitude), the resampler brings 64 kHz to 48 kHz and the audio goes "
    "to a float32 file, a 16-bit WAV file and the sound card (discarded at 48 kHz where there is none).",
    am_vars, [*am_source(), block("envelope", "complex_to_mag", 1300, 160, vlen=1), *am_audio(1480)],
    am_front + chain(["channel", "envelope", "carrier_removed"]) + am_back,
    [view("band", "spectrum", "length", 40), view("audio", "time", "carrier_removed", 620)]))

# Synchronous: a PLL locks to the carrier (here 150 Hz off the nominal frequency, as a real transmitter may be) and
# turns it onto the real axis; the real part is then carrier level + audio, the imaginary part only noise.
write("sample-graphs/research/am-receiver-synchronous.graph", graph(
    "AM receiver (synchronous detector: PLL carrier recovery)",
    "The thesis's AM receiver with synchronous detection, on the band of am-receiver but with the transmitter 150 Hz "
    "off its nominal +50 kHz: the frequency-translating FIR moves the nominal frequency to baseband and decimates by "
    "4; the PLL (GNU Radio's pll_carriertracking, loop bandwidth 2 pi 100 Hz / 64 kHz, pull-in +-2 kHz) locks to the "
    "carrier and rotates it onto the real axis, so the real part is the carrier level plus the audio (a coherent "
    "detector: linear in the signal, no envelope distortion, the imaginary half of the noise left out); then as the "
    "envelope receiver: DC blocker, 64 -> 48 kHz, float32 file, 16-bit WAV and the sound card.",
    {**am_vars, "carrier_offset": "150", "out_file": "'am-sync-audio.f32'", "out_file_wav": "'am-sync-audio.wav'"},
    [*am_source("carrier_offset"),
     block("carrier", "pll_carriertracking", 1300, 160, loop_bw="2 * pi * 100 / (samp_rate / decim)",
           max_freq="2 * pi * 2e3 / (samp_rate / decim)", min_freq="-2 * pi * 2e3 / (samp_rate / decim)"),
     block("detected", "complex_to_real", 1300, 280, vlen=1), *am_audio(1480)],
    am_front + chain(["channel", "carrier", "detected", "carrier_removed"]) + am_back,
    [view("band", "spectrum", "length", 40), view("audio", "time", "carrier_removed", 620)]))

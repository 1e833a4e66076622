package org.sigflow.blocks.cuda;

import static org.sigflow.blocks.cuda.TwinChains.cf32;
import static org.sigflow.blocks.cuda.TwinChains.f32;

import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.PortSpec;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.cuda.TwinChains.Case;

/**
 * The block configurations both CUDA test groups run: every CUDA block, real and complex types, vectors, N inputs,
 * decimation, odd and even FFT sizes with shift, both directions, channelizers with many outputs. Tolerances are
 * relative L2 errors against the CPU twin (itself checked against numpy references): float32 element-wise math and
 * FIRs differ only by rounding order (≤ 1e-5), FFTs and channelizers by cuFFT's algorithm (≤ 2e-5 at these sizes).
 */
final class TwinCases {
    private TwinCases() {}

    static final int ITEMS = 50_001; // not a whole number of pages: the last page is short
    static final long PAGE = 4096;

    static List<Case> all() {
        return List.of(
                TwinChains.of("multiply_const cf32", "multiply_const", List.of(cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "const", Setups.complex(0.5, -1.5), "vlen", 1),
                TwinChains.of("multiply_const f32 vlen 3", "multiply_const", List.of(f32(3)), f32(3), 1e-6,
                        "type", "f32", "const", 2.5, "vlen", 3),
                TwinChains.of("add_const cf32", "add_const", List.of(cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "const", Setups.complex(1, -2), "vlen", 1),
                TwinChains.of("add_const f32", "add_const", List.of(f32(1)), f32(1), 1e-6,
                        "type", "f32", "const", -0.25, "vlen", 1),
                TwinChains.of("add cf32 x3", "add", List.of(cf32(1), cf32(1), cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "num_inputs", 3, "vlen", 1),
                TwinChains.of("multiply cf32 x2", "multiply", List.of(cf32(1), cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "num_inputs", 2, "vlen", 1),
                TwinChains.of("multiply f32 x3 vlen 2", "multiply", List.of(f32(2), f32(2), f32(2)), f32(2), 1e-6,
                        "type", "f32", "num_inputs", 3, "vlen", 2),
                TwinChains.of("conjugate vlen 2", "conjugate", List.of(cf32(2)), cf32(2), 0, "vlen", 2),
                TwinChains.of("complex_to_mag", "complex_to_mag", List.of(cf32(1)), f32(1), 1e-6, "vlen", 1),
                TwinChains.of("magnitude k=1", "magnitude", List.of(cf32(1)), f32(1), 1e-6, "exponent", 1, "vlen", 1),
                TwinChains.of("magnitude k=2", "magnitude", List.of(cf32(1)), f32(1), 1e-6, "exponent", 2, "vlen", 1),
                TwinChains.of("magnitude k=5", "magnitude", List.of(cf32(1)), f32(1), 1e-5, "exponent", 5, "vlen", 1),
                TwinChains.of("complex_to_real vlen 2", "complex_to_real", List.of(cf32(2)), f32(2), 0, "vlen", 2),
                TwinChains.of("complex_to_imag", "complex_to_imag", List.of(cf32(1)), f32(1), 0, "vlen", 1),
                // atan2 in double on both twins, rounded once to float: at most an ulp apart
                TwinChains.of("complex_to_arg", "complex_to_arg", List.of(cf32(1)), f32(1), 1e-7, "vlen", 1),
                TwinChains.of("abs f32 vlen 3", "abs", List.of(f32(3)), f32(3), 0, "type", "f32", "vlen", 3),
                // log10 in double on both twins (negatives clamped to FLT_MIN), rounded once to float
                TwinChains.of("nlog10 10 log10(x) - 3 vlen 2", "nlog10", List.of(f32(2)), f32(2), 1e-7, "n", 10.0,
                        "k", -3.0, "vlen", 2),
                // subtraction and division: the twin's float operations in the twin's order, rounded alike
                TwinChains.of("subtract cf32 x3", "subtract", List.of(cf32(1), cf32(1), cf32(1)), cf32(1), 0,
                        "type", "cf32", "num_inputs", 3, "vlen", 1),
                TwinChains.of("subtract f32 x2 vlen 2", "subtract", List.of(f32(2), f32(2)), f32(2), 0,
                        "type", "f32", "num_inputs", 2, "vlen", 2),
                TwinChains.of("divide cf32 x2", "divide", List.of(cf32(1), cf32(1)), cf32(1), 0,
                        "type", "cf32", "num_inputs", 2, "vlen", 1),
                TwinChains.of("divide f32 x3", "divide", List.of(f32(1), f32(1), f32(1)), f32(1), 0,
                        "type", "f32", "num_inputs", 3, "vlen", 1),
                // integer <-> float: one IEEE division, or a product, clip and round half to even: bit for bit
                TwinChains.of("short_to_float scale 32768", "short_to_float", List.of(port(Dtype.S16, 1)), f32(1), 0,
                        "vlen", 1, "scale", 32768.0),
                TwinChains.of("char_to_float scale 3 vlen 2", "char_to_float", List.of(port(Dtype.U8, 2)), f32(2), 0,
                        "vlen", 2, "scale", 3.0),
                TwinChains.of("uchar_to_float scale -0.7", "uchar_to_float", List.of(port(Dtype.U8, 1)), f32(1), 0,
                        "vlen", 1, "scale", -0.7),
                TwinChains.of("float_to_short scale 1e5 (clips)", "float_to_short", List.of(f32(1)),
                        port(Dtype.S16, 1), 0, "vlen", 1, "scale", 1e5),
                TwinChains.of("float_to_char scale 600 (clips)", "float_to_char", List.of(f32(3)), port(Dtype.U8, 3), 0,
                        "vlen", 3, "scale", 600.0),
                TwinChains.of("float_to_uchar scale 500 (clips at 0, 255)", "float_to_uchar", List.of(f32(1)),
                        port(Dtype.U8, 1), 0, "vlen", 1, "scale", 500.0),
                TwinChains.of("char_to_short", "char_to_short", List.of(port(Dtype.U8, 1)), port(Dtype.S16, 1), 0,
                        "vlen", 1),
                TwinChains.of("short_to_char vlen 2", "short_to_char", List.of(port(Dtype.S16, 2)), port(Dtype.U8, 2), 0,
                        "vlen", 2),
                TwinChains.of("abs s16 (-32768 wraps)", "abs", List.of(port(Dtype.S16, 1)), port(Dtype.S16, 1), 0,
                        "type", "s16", "vlen", 1),
                // bitwise ops on the stored bits: exact
                TwinChains.of("xor u8 x3 vlen 2", "xor", List.of(port(Dtype.U8, 2), port(Dtype.U8, 2), port(Dtype.U8, 2)),
                        port(Dtype.U8, 2), 0, "type", "u8", "num_inputs", 3, "vlen", 2),
                TwinChains.of("and s16 x2", "and", List.of(port(Dtype.S16, 1), port(Dtype.S16, 1)), port(Dtype.S16, 1),
                        0, "type", "s16", "num_inputs", 2, "vlen", 1),
                TwinChains.of("or u8 x2", "or", List.of(port(Dtype.U8, 1), port(Dtype.U8, 1)), port(Dtype.U8, 1), 0,
                        "type", "u8", "num_inputs", 2, "vlen", 1),
                TwinChains.of("not s16", "not", List.of(port(Dtype.S16, 1)), port(Dtype.S16, 1), 0, "type", "s16",
                        "vlen", 1),
                TwinChains.of("not u8 vlen 3", "not", List.of(port(Dtype.U8, 3)), port(Dtype.U8, 3), 0, "type", "u8",
                        "vlen", 3),
                TwinChains.of("quadrature_demod", "quadrature_demod", List.of(cf32(1)), f32(1), 1e-5, "gain", 2.0),
                TwinChains.of("fir 64 real taps cf32", "fir_filter", List.of(cf32(1)), cf32(1), 1e-5,
                        "io_type", "cf32", "taps_type", "real", "decimation", 1, "taps_mode", "designed",
                        "taps", Setups.realList(1f), "filter", "low_pass", "samp_rate", 32000.0, "cutoff", 4000.0,
                        "low_cutoff", 2000.0, "high_cutoff", 6000.0, "transition_width", 2000.0, "window", "hamming",
                        "beta", 6.76, "gain", 1.0),
                TwinChains.of("fir real f32 decim 4", "fir_filter", List.of(f32(1)), f32(1), 1e-5,
                        "io_type", "f32", "taps_type", "real", "decimation", 4, "taps_mode", "designed",
                        "taps", Setups.realList(1f), "filter", "band_pass", "samp_rate", 32000.0, "cutoff", 4000.0,
                        "low_cutoff", 2000.0, "high_cutoff", 6000.0, "transition_width", 1000.0, "window", "blackman",
                        "beta", 6.76, "gain", 1.0),
                TwinChains.of("fir complex taps decim 2", "fir_filter", List.of(cf32(1)), cf32(1), 1e-5,
                        "io_type", "cf32", "taps_type", "complex", "decimation", 2, "taps_mode", "explicit",
                        "taps", Setups.complexList(0.5f, 0.1f, -0.25f, 0.3f, 0.125f, -0.2f, 0.05f, 0.02f, 1f, 0f),
                        "filter", "low_pass", "samp_rate", 32000.0, "cutoff", 4000.0, "low_cutoff", 2000.0,
                        "high_cutoff", 6000.0, "transition_width", 1000.0, "window", "hamming", "beta", 6.76,
                        "gain", 1.0),
                TwinChains.of("fir 528 taps (long: overlap-save)", "fir_filter", List.of(cf32(1)), cf32(1), 1e-5,
                        "io_type", "cf32", "taps_type", "real", "decimation", 1, "taps_mode", "designed",
                        "taps", Setups.realList(1f), "filter", "low_pass", "samp_rate", 32000.0, "cutoff", 4000.0,
                        "low_cutoff", 2000.0, "high_cutoff", 6000.0, "transition_width", 200.0, "window", "hamming",
                        "beta", 6.76, "gain", 1.0),
                fft("fft 1024 forward", 1024, "cf32", "forward", "blackman_harris", false, "none"),
                fft("fft 256 forward shift 1/sqrt(N)", 256, "cf32", "forward", "hann", true, "1/sqrt(N)"),
                fft("fft 255 forward shift", 255, "cf32", "forward", "rectangular", true, "none"),
                fft("fft 1000 inverse shift 1/N", 1000, "cf32", "inverse", "hamming", true, "1/N"),
                fft("fft 512 real input", 512, "f32", "forward", "blackman", false, "none"),
                fft("fft 512 paper kernel forward", 512, "cf32", "forward", "rectangular", false, "none", "paper_512"),
                fft("fft 512 paper kernel inverse shift 1/N", 512, "cf32", "inverse", "hann", true, "1/N",
                        "paper_512"),
                fft("fft 512 paper kernel real input shift", 512, "f32", "forward", "blackman", true, "none",
                        "paper_512"),
                TwinChains.of("rotator 0.3", "rotator", List.of(cf32(1)), cf32(1), 1e-5, "phase_inc", 0.3),
                TwinChains.of("rotator -2.5", "rotator", List.of(cf32(1)), cf32(1), 1e-5, "phase_inc", -2.5),
                xlating("freq_xlating designed decim 4", "real", 4, 6000.0, "designed", Setups.realList(1f)),
                xlating("freq_xlating complex taps", "complex", 1, -3000.0, "explicit",
                        Setups.complexList(0.5f, 0.1f, -0.25f, 0.3f, 0.125f, -0.2f, 0.05f, 0.02f, 1f, 0f)),
                TwinChains.of("interp_fir_filter cf32 x3", "interp_fir_filter", List.of(cf32(1)), cf32(1), 1e-5,
                        "io_type", "cf32", "taps_type", "real", "interpolation", 3, "taps", Setups.realList(ramp(10))),
                resampler("rational_resampler f32 3/2 designed", "f32", "real", 3, 2, Setups.realList()),
                resampler("rational_resampler cf32 3/4 complex taps", "cf32", "complex", 3, 4,
                        Setups.complexList(0.5f, 0.1f, -0.25f, 0.3f, 0.125f, -0.2f, 0.05f, 0.02f, 1f, 0f, 0.3f, 0.3f,
                                -0.1f, 0.2f)),
                resampler("rational_resampler cf32 1/4 64 taps", "cf32", "real", 1, 4, Setups.realList(ramp(64))),
                TwinChains.of("log_power_fft cf32 64 keep 1 in 2", "log_power_fft", List.of(cf32(1)), f32(64), 1e-5,
                        "type", "cf32", "samp_rate", 32000.0, "fft_size", 64, "ref_scale", 2.0, "frame_rate", 250.0,
                        "average", false, "avg_alpha", 1.0, "window", "blackman_harris", "beta", 6.76, "shift", false),
                TwinChains.of("log_power_fft f32 256 averaged shift", "log_power_fft", List.of(f32(1)), f32(256),
                        1e-5, "type", "f32", "samp_rate", 32000.0, "fft_size", 256, "ref_scale", 1.0, "frame_rate",
                        125.0, "average", true, "avg_alpha", 0.1, "window", "hann", "beta", 6.76, "shift", true),
                TwinChains.of("single_pole_iir cf32 alpha 0.001", "single_pole_iir", List.of(cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "alpha", 0.001),
                TwinChains.of("single_pole_iir f32 alpha 0.3", "single_pole_iir", List.of(f32(1)), f32(1), 1e-6,
                        "type", "f32", "alpha", 0.3),
                TwinChains.of("dc_blocker cf32 long 32", "dc_blocker", List.of(cf32(1)), cf32(1), 1e-6,
                        "type", "cf32", "length", 32, "long_form", true),
                TwinChains.of("dc_blocker f32 short 300", "dc_blocker", List.of(f32(1)), f32(1), 1e-6,
                        "type", "f32", "length", 300, "long_form", false),
                TwinChains.of("hilbert 65", "hilbert", List.of(f32(1)), cf32(1), 1e-5, "num_taps", 65, "window",
                        "hamming", "beta", 6.76),
                TwinChains.of("hilbert 257 (overlap-save)", "hilbert", List.of(f32(1)), cf32(1), 1e-5, "num_taps", 257,
                        "window", "blackman", "beta", 6.76),
                TwinChains.of("moving_average f32 length 1000", "moving_average", List.of(f32(1)), f32(1), 1e-6,
                        "type", "f32", "length", 1000, "scale", 0.001, "vlen", 1),
                TwinChains.of("moving_average cf32 vlen 3 length 7", "moving_average", List.of(cf32(3)), cf32(3),
                        1e-6, "type", "cf32", "length", 7, "scale", 1.0, "vlen", 3),
                pfb("pfb_channelizer 8 designed", 8, new float[0]),
                pfb("pfb_channelizer 16 x 100 explicit taps", 16, ramp(100)),
                // the hier form: reversed padded taps, each channel's phase, a selection (repeats and reorders)
                pfbHier("pfb_channelizer_hier 5 designed, all", 5, new float[0], new float[0]),
                pfbHier("pfb_channelizer_hier 8 x 50 taps, outchans 6 1 1 3", 8, ramp(50), new float[] {6, 1, 1, 3}),
                wht("wht q=16 x 8 vectors conflict-free 1/q", 16, 8, "1/q", "conflict_free"),
                wht("wht q=16 x 8 vectors naive", 16, 8, "none", "naive"),
                wht("wht q=2 x 3 vectors conflict-free", 2, 3, "none", "conflict_free"),
                wht("wht q=256 conflict-free 1/sqrt(q)", 256, 1, "1/sqrt(q)", "conflict_free"),
                wht("wht q=256 naive", 256, 1, "none", "naive"),
                wht("wht q=64 x 2 vectors random", 64, 2, "none", "random"),
                TwinChains.of("fm_deemph 240 kHz 75 us", "fm_deemph", List.of(f32(1)), f32(1), 1e-6, "samp_rate", 240e3,
                        "tau", 75e-6),
                TwinChains.of("fm_deemph 48 kHz 50 us", "fm_deemph", List.of(f32(1)), f32(1), 1e-6, "samp_rate", 48e3,
                        "tau", 50e-6),
                TwinChains.of("channel_model 3 taps, offset, noise", "channel_model", List.of(cf32(1)), cf32(1), 1e-6,
                        "noise_voltage", 0.1, "frequency_offset", 0.013, "taps",
                        Setups.complexList(0.8f, 0.1f, 0f, 0f, -0.3f, 0.2f), "seed", 4),
                TwinChains.of("channel_model 1 tap, no noise", "channel_model", List.of(cf32(1)), cf32(1), 1e-6,
                        "noise_voltage", 0.0, "frequency_offset", -0.2, "taps", Setups.complexList(1f, 0f), "seed", 0),
                TwinChains.of("ofdm_frame_detect (noise: no frames)", "ofdm_frame_detect", List.of(cf32(1)), cf32(1),
                        0, "delay", 16, "window", 48, "threshold", 0.7, "plateau", 24, "holdoff", 320),
                TwinChains.of("nbldpc_check_product GF(16) n=8", "nbldpc_check_product", List.of(f32(256)), f32(256),
                        0, "q", 16, "n", 8),
                // hysteresis as a scan: the same float comparisons, so bit for bit. A narrow band decides almost every
                // sample; a wide one (|x| > 0.9 at σ 0.3) leaves most chunks undecided and carries the state across
                // them; the widest decides a few times per run, so whole pages carry the initial state 0.5 over
                TwinChains.of("threshold narrow band", "threshold", List.of(f32(1)), f32(1), 0, "lo", -0.1, "hi", 0.1,
                        "init", 0.0),
                TwinChains.of("threshold wide band, init 0.5", "threshold", List.of(f32(1)), f32(1), 0, "lo", -0.9,
                        "hi", 0.95, "init", 0.5),
                TwinChains.of("threshold rare decisions", "threshold", List.of(f32(1)), f32(1), 0, "lo", -1.2, "hi",
                        1.25, "init", 0.5),
                // the single-pole scan in double on |x|², then sqrt: equal up to double rounding order
                TwinChains.of("rms cf32 alpha 0.001", "rms", List.of(cf32(1)), f32(1), 1e-6, "type", "cf32", "alpha",
                        0.001),
                TwinChains.of("rms f32 alpha 0.3", "rms", List.of(f32(1)), f32(1), 1e-6, "type", "f32", "alpha", 0.3),
                // copies of the parts: exact; an unconnected optional port (im) on either side
                TwinChains.withOutputs(2, TwinChains.of("complex_to_float vlen 2", "complex_to_float",
                        List.of(cf32(2)), f32(2), 0, "vlen", 2)),
                TwinChains.firstOutputOnly(2, TwinChains.of("complex_to_float, im unconnected", "complex_to_float",
                        List.of(cf32(1)), f32(1), 0, "vlen", 1)),
                TwinChains.of("float_to_complex", "float_to_complex", List.of(f32(1), f32(1)), cf32(1), 0, "vlen", 1),
                TwinChains.of("float_to_complex vlen 3, im unconnected", "float_to_complex", List.of(f32(3)), cf32(3),
                        0, "vlen", 3),
                // the twin's float products and sums in its order: exact
                TwinChains.withOutputs(2, TwinChains.of("multiply_matrix f32 2x3", "multiply_matrix",
                        List.of(f32(1), f32(1), f32(1)), f32(1), 0, "type", "f32", "matrix",
                        matrix(Setups.complexList(0.5f, 0, -1.25f, 0, 2f, 0), Setups.complexList(0.3f, 0, 0, 0, 1.7f, 0)))),
                TwinChains.withOutputs(3, TwinChains.of("multiply_matrix cf32 3x2", "multiply_matrix",
                        List.of(cf32(1), cf32(1)), cf32(1), 0, "type", "cf32", "matrix",
                        matrix(Setups.complexList(0.5f, 0.25f, -1f, 0.1f), Setups.complexList(0.3f, -0.7f, 0, 1f),
                                Setups.complexList(1f, 0, 0, 0)))),
                TwinChains.of("quantizer 3 bits (clips)", "quantizer", List.of(f32(1)), f32(1), 0, "bits", 3),
                TwinChains.of("quantizer 12 bits", "quantizer", List.of(f32(1)), f32(1), 0, "bits", 12),
                // int32 through the memory nodes: full-range ints (most beyond 2^24) rounded to float, then divided;
                // float * scale rounded half to even and saturated (σ·scale = 9e8: many beyond the int32 range)
                TwinChains.of("int_to_float scale 3 (ints beyond 2^24)", "int_to_float", List.of(port(Dtype.S32, 1)),
                        f32(1), 0, "vlen", 1, "scale", 3.0),
                TwinChains.of("float_to_int scale 3e9 (saturates)", "float_to_int", List.of(f32(2)),
                        port(Dtype.S32, 2), 0, "vlen", 2, "scale", 3e9),
                TwinChains.of("float_to_int scale 2.5 (half to even)", "float_to_int", List.of(f32(1)),
                        port(Dtype.S32, 1), 0, "vlen", 1, "scale", 2.5),
                TwinChains.of("binary_slicer", "binary_slicer", List.of(f32(1)), port(Dtype.U8, 1), 0),
                // a map shorter than 256 (the rest maps to itself), entries cut to a byte as the twin does
                TwinChains.of("byte_map 5 entries", "byte_map", List.of(port(Dtype.U8, 1)), port(Dtype.U8, 1), 0,
                        "map", Setups.realList(3f, 300f, -1f, 1.7f, 0f)),
                // the fixed-point phase as an exact integer scan, the twin's float steps per sample: bit for bit;
                // x · k reaches past ±pi often (the fold into [-pi, pi) is exercised)
                TwinChains.of("vco f32 k 6.25", "vco", List.of(f32(1)), f32(1), 0, "type", "f32", "samp_rate", 32000.0,
                        "sensitivity", 2e5, "amplitude", 1.0),
                TwinChains.of("vco cf32 k 0.4 amplitude 0.7", "vco", List.of(f32(1)), cf32(1), 0, "type", "cf32",
                        "samp_rate", 32000.0, "sensitivity", 12800.0, "amplitude", 0.7),
                // two single-pole scans in double, then the twin's float ratio: equal up to double rounding order
                TwinChains.of("amp_bal alpha 0.01", "amp_bal", List.of(cf32(1)), cf32(1), 1e-6, "alpha", 0.01),
                // differential coding of full-range bytes: the encoder as an exact XOR / modular-sum scan
                diff("diff_encoder nrzi", "diff_encoder", "nrzi", 2),
                diff("diff_encoder modulus 2", "diff_encoder", "differential", 2),
                diff("diff_encoder modulus 7", "diff_encoder", "differential", 7),
                diff("diff_encoder modulus 256", "diff_encoder", "differential", 256),
                diff("diff_decoder nrzi", "diff_decoder", "nrzi", 2),
                // the unsigned remainder of a negative difference (not the residue for M = 7), bytes cut for M > 256
                diff("diff_decoder modulus 7", "diff_decoder", "differential", 7),
                diff("diff_decoder modulus 1000", "diff_decoder", "differential", 1000),
                // interleaved pairs: the converters' arithmetic, bit for bit; without Vector the item count changes
                // (an odd last item of the 50001 is dropped by both twins)
                TwinChains.of("complex_to_interleaved_short scale 2e4 (clips)", "complex_to_interleaved_short",
                        List.of(cf32(1)), port(Dtype.S16, 1), 0, "scale_factor", 2e4, "vector", false),
                TwinChains.of("complex_to_interleaved_char vector scale 300", "complex_to_interleaved_char",
                        List.of(cf32(1)), port(Dtype.U8, 2), 0, "scale_factor", 300.0, "vector", true),
                TwinChains.of("interleaved_short_to_complex swap scale 1000", "interleaved_short_to_complex",
                        List.of(port(Dtype.S16, 1)), cf32(1), 0, "scale_factor", 1000.0, "vector", false, "swap", true),
                TwinChains.of("interleaved_char_to_complex vector scale 3", "interleaved_char_to_complex",
                        List.of(port(Dtype.U8, 2)), cf32(1), 0, "scale_factor", 3.0, "vector", true),
                TwinChains.of("interleaved_char_to_complex scale -7", "interleaved_char_to_complex",
                        List.of(port(Dtype.U8, 1)), cf32(1), 0, "scale_factor", -7.0, "vector", false),
                // bit re-chunking of full-range bytes (bits above the ones read are ignored): exact; steps of
                // 1, 2, 4 and 8 input bytes divide the 4096-item pages, and the short last page drops a partial step
                bits("unpack_k_bits k 3", "unpack_k_bits", "k", 3),
                bits("pack_k_bits k 4", "pack_k_bits", "k", 4),
                bits("packed_to_unpacked 2 lsb", "packed_to_unpacked", "bits_per_chunk", 2, "endianness", "lsb"),
                bits("unpacked_to_packed 4 msb", "unpacked_to_packed", "bits_per_chunk", 4, "endianness", "msb"),
                bits("repack_bits 3 -> 8 lsb", "repack_bits", "k", 3, "l", 8, "endianness", "lsb", "len_tag_key", "",
                        "align_output", false),
                // decisions with the twin's slicers, region tests and float distances: exact
                decoder("constellation_decoder qpsk", "qpsk", 1),
                decoder("constellation_decoder 8psk", "8psk", 1),
                decoder("constellation_decoder 16qam", "16qam", 1),
                decoder("constellation_decoder points, 2 dims", "calcdist", 2),
                // copies: exact, whole groups of n per 4096-item page, the short last page's partial group dropped
                TwinChains.of("keep_m_in_n cf32 vlen 2, 3 of 8 from 2", "keep_m_in_n", List.of(cf32(2)), cf32(2), 0,
                        "type", "cf32", "m", 3, "n", 8, "offset", 2, "vlen", 2),
                TwinChains.of("keep_m_in_n s32, 1 of 4 from 3", "keep_m_in_n", List.of(port(Dtype.S32, 1)),
                        port(Dtype.S32, 1), 0, "type", "s32", "m", 1, "n", 4, "offset", 3, "vlen", 1));
    }

    private static Case decoder(String name, String constellation, int dims) {
        return TwinChains.of(name, "constellation_decoder", List.of(cf32(1)), port(Dtype.U8, 1), 0, "constellation",
                constellation, "points", Setups.complexList(-0.3f, -0.2f, 0.1f, 0.4f, 0.5f, 0.5f, 0.2f, -0.6f, 0f, 0f,
                        -0.1f, 0.3f, 0.4f, -0.1f, -0.5f, 0.05f), "symbol_map", Setups.realList(), "dimensionality",
                dims, "normalization", "power");
    }

    private static Case bits(String name, String id, Object... params) {
        return TwinChains.of(name, id, List.of(port(Dtype.U8, 1)), port(Dtype.U8, 1), 0, params);
    }

    private static Case diff(String name, String id, String coding, int modulus) {
        return TwinChains.of(name, id, List.of(port(Dtype.U8, 1)), port(Dtype.U8, 1), 0, "coding", coding,
                "modulus", modulus);
    }

    private static org.sigflow.expr.Value matrix(org.sigflow.expr.Value... rows) {
        return new org.sigflow.expr.Value.ListValue(List.of(rows));
    }

    private static PortSpec port(Dtype type, int vlen) {
        return new PortSpec("in", type, vlen);
    }

    /** Walsh-Hadamard: the same float rounds in the same order on both twins, so exact (tolerance 0). */
    private static Case wht(String name, int q, int vectors, String scaling, String ordering) {
        return TwinChains.of(name, "wht", List.of(f32(q * vectors)), f32(q * vectors), 0, "q", q, "vectors", vectors,
                "scaling", scaling, "ordering", ordering);
    }

    private static Case xlating(String name, String tapsType, int decimation, double centre, String mode,
                                org.sigflow.expr.Value taps) {
        return TwinChains.of(name, "freq_xlating_fir_filter", List.of(cf32(1)), cf32(1), 1e-5, "taps_type", tapsType,
                "decimation", decimation, "center_freq", centre, "samp_rate", 32000.0, "taps_mode", mode, "taps", taps,
                "cutoff", 2000.0, "transition_width", 1000.0, "window", "hamming", "beta", 6.76, "gain", 1.0);
    }

    private static Case resampler(String name, String io, String tapsType, int interp, int decim,
                                  org.sigflow.expr.Value taps) {
        return TwinChains.of(name, "rational_resampler", List.of(io.equals("f32") ? f32(1) : cf32(1)),
                io.equals("f32") ? f32(1) : cf32(1), 1e-5, "io_type", io, "taps_type", tapsType, "interpolation",
                interp, "decimation", decim, "taps", taps, "fbw", 0.0, "start", "zero_history");
    }

    private static Case pfb(String name, int channels, float[] taps) {
        return TwinChains.withOutputs(channels, TwinChains.of(name, "pfb_channelizer", List.of(cf32(1)), cf32(1),
                2e-5, "nchans", channels, "taps", Setups.realList(taps), "osr", 1.0));
    }

    private static Case pfbHier(String name, int channels, float[] taps, float[] outchans) {
        int outputs = outchans.length == 0 ? channels : outchans.length;
        return TwinChains.withOutputs(outputs, TwinChains.of(name, "pfb_channelizer_hier", List.of(cf32(1)), cf32(1),
                2e-5, "nchans", channels, "taps", Setups.realList(taps), "outchans", Setups.realList(outchans),
                "atten", 100.0, "bw", 1.0, "tb", 0.2, "ripple", 0.1));
    }

    /** A prototype that is no whole number of branches long (the last branch zero-padded). */
    private static float[] ramp(int n) {
        float[] h = new float[n];
        for (int i = 0; i < n; i++) {
            h[i] = (float) (Math.sin(0.37 * i + 0.2) / (1 + 0.05 * i));
        }
        return h;
    }

    private static Case fft(String name, int n, String type, String dir, String window, boolean shift, String scaling) {
        return fft(name, n, type, dir, window, shift, scaling, "cufft");
    }

    private static Case fft(String name, int n, String type, String dir, String window, boolean shift, String scaling,
                            String method) {
        return TwinChains.of(name, "fft", List.of(type.equals("f32") ? f32(n) : cf32(n)), cf32(n), 2e-5,
                "type", type, "fft_size", n, "direction", dir, "window", window, "beta", 6.76, "shift", shift,
                "scaling", scaling, "method", method);
    }

    /** Items for a case: vectors of FFT size count as one item, so fewer of them (still a short last page). */
    static int items(Case c) {
        int vlen = c.inputs().getFirst().vlen();
        return vlen > 16 ? 23 : ITEMS;
    }

    /**
     * Page size for a case: a multiple of 4 (decimation) for streams, 7 frames for FFT vectors, whole steps of a
     * channelizer (5 channels: 819 steps).
     */
    static long page(Case c) {
        if (c.params().containsKey("nchans")) {
            int n = c.params().get("nchans").asInt();
            return PAGE / n * n;
        }
        return c.inputs().getFirst().vlen() > 16 ? 7 : PAGE;
    }
}

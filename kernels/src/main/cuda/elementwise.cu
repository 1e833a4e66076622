// Element-wise math blocks. Complex samples are float2 (interleaved re, im), as on the CPU.
#include "kernel.cuh"

// The hot element-wise kernels move 16 bytes per thread and access (float4: four reals or two complex samples); the
// last n % 4 reals (n % 2 complex) are done one by one. Pool pages are 4 KiB aligned, so float4 access is aligned.
SF_KERNEL sf_scale_f32(const float* in, float* out, long long n, float c) {
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4* out4 = reinterpret_cast<float4*>(out);
    SF_GRID_STRIDE(i, n / 4) {
        float4 v = in4[i];
        out4[i] = make_float4(v.x * c, v.y * c, v.z * c, v.w * c);
    }
    SF_GRID_STRIDE(j, n % 4) { out[n / 4 * 4 + j] = in[n / 4 * 4 + j] * c; }
}

// n complex samples
SF_KERNEL sf_scale_cf32(const float2* in, float2* out, long long n, float cr, float ci) {
    float2 c = make_float2(cr, ci);
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4* out4 = reinterpret_cast<float4*>(out);
    SF_GRID_STRIDE(i, n / 2) {
        float4 v = in4[i];
        float2 a = cmul(make_float2(v.x, v.y), c), b = cmul(make_float2(v.z, v.w), c);
        out4[i] = make_float4(a.x, a.y, b.x, b.y);
    }
    SF_GRID_STRIDE(j, n % 2) { out[n - 1] = cmul(in[n - 1], c); }
}

SF_KERNEL sf_offset_f32(const float* in, float* out, long long n, float c) {
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4* out4 = reinterpret_cast<float4*>(out);
    SF_GRID_STRIDE(i, n / 4) {
        float4 v = in4[i];
        out4[i] = make_float4(v.x + c, v.y + c, v.z + c, v.w + c);
    }
    SF_GRID_STRIDE(j, n % 4) { out[n / 4 * 4 + j] = in[n / 4 * 4 + j] + c; }
}

SF_KERNEL sf_offset_cf32(const float2* in, float2* out, long long n, float cr, float ci) {
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4* out4 = reinterpret_cast<float4*>(out);
    SF_GRID_STRIDE(i, n / 2) {
        float4 v = in4[i];
        out4[i] = make_float4(v.x + cr, v.y + ci, v.z + cr, v.w + ci);
    }
    SF_GRID_STRIDE(j, n % 2) { out[n - 1] = make_float2(in[n - 1].x + cr, in[n - 1].y + ci); }
}

SF_KERNEL sf_conjugate(const float2* in, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = make_float2(in[i].x, -in[i].y); }
}

// |x| without overflow for large components (the CPU twin computes in double).
SF_KERNEL sf_complex_to_mag(const float2* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = hypotf(in[i].x, in[i].y); }
}

// |x|^k for an integer k >= 1, as the CPU twin: repeated squaring of |x|^2, times |x| for odd k.
SF_KERNEL sf_magnitude_pow(const float2* in, float* out, long long n, int k) {
    SF_GRID_STRIDE(i, n) {
        float2 x = in[i];
        if (k == 1) {
            out[i] = hypotf(x.x, x.y);
            continue;
        }
        float p = x.x * x.x + x.y * x.y, r = 1.0f, base = p;
        for (int e = k / 2; e > 0; e >>= 1) {
            if (e & 1) r *= base;
            base *= base;
        }
        out[i] = (k & 1) ? r * hypotf(x.x, x.y) : r;
    }
}

// N-input add/multiply run as a chain of two-input launches: out = a op b (out may alias a).
SF_KERNEL sf_add_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = a[i] + b[i]; }
}

SF_KERNEL sf_mul_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = a[i] * b[i]; }
}

SF_KERNEL sf_mul_cf32(const float2* a, const float2* b, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = cmul(a[i], b[i]); }
}

// FM discriminator gain * arg(x[i] * conj(x[i-1])); x[-1] comes from prev (the last sample of the page before,
// zero at the start), and the last sample of this page goes to next (a different buffer: no race with prev).
SF_KERNEL sf_quad_demod(const float2* in, float* out, long long n, float gain, const float2* prev, float2* next) {
    SF_GRID_STRIDE(i, n) {
        float2 x = in[i];
        float2 p = i == 0 ? *prev : in[i - 1];
        float re = x.x * p.x + x.y * p.y;
        float im = x.y * p.x - x.x * p.y;
        out[i] = gain * atan2f(im, re);
        if (i == n - 1) *next = x;
    }
}

// Complex to one float per sample and |x| (issue 9 twins). Each comment states its CPU twin's arithmetic.

// complex_to_real (ComplexOps.real): y = re(x), a copy.
SF_KERNEL sf_complex_to_real(const float2* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i].x; }
}

// complex_to_imag (ComplexOps.imag): y = im(x), a copy.
SF_KERNEL sf_complex_to_imag(const float2* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i].y; }
}

// complex_to_arg (ComplexOps.arg): y = (float) Math.atan2((double) im, (double) re), in (-pi, pi]. Done in double
// here too, then rounded once to float, so the result is the twin's except where the two double atan2s differ by
// an ulp right at a float rounding boundary.
SF_KERNEL sf_complex_to_arg(const float2* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (float)atan2((double)in[i].y, (double)in[i].x); }
}

// abs f32 (Abs, Math.abs(float)): clears the sign bit (-0 -> +0, NaN stays NaN), exactly fabsf.
SF_KERNEL sf_abs_f32(const float* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = fabsf(in[i]); }
}

// abs s16 (Abs, (short) Math.abs((int) x)): |x| in int, narrowed to 16 bits, so -32768 -> 32768 -> -32768 (wraps,
// as GNU Radio's abs_ss).
SF_KERNEL sf_abs_s16(const short* in, short* out, long long n) {
    SF_GRID_STRIDE(i, n) {
        int v = in[i];
        out[i] = (short)(v < 0 ? -v : v);
    }
}

// nlog10 (Nlog10): y = (float) (n * Math.log10(c) + k) in double, with c = x clamped to the positive normal floats
// first: c = x >= FLT_MIN ? min(x, FLT_MAX) : FLT_MIN (so 0, negatives and NaN give FLT_MIN, +inf gives FLT_MAX).
// n and k are the twin's doubles; the product and sum are rounded separately (no FMA), as Java does.
SF_KERNEL sf_nlog10(const float* in, float* out, long long count, double n, double k) {
    SF_GRID_STRIDE(i, count) {
        float v = in[i];
        float c = v >= 1.17549435e-38f ? fminf(v, 3.40282347e+38f) : 1.17549435e-38f;
        out[i] = (float)__dadd_rn(__dmul_rn(n, log10((double)c)), k);
    }
}

// subtract (ArithmeticOp.SUBTRACT, FloatKernels.subtract): out = a - b per float (complex too: per component);
// N inputs chain as add/multiply do, ((in0 - in1) - in2) ..., the twin's order.
SF_KERNEL sf_sub_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = a[i] - b[i]; }
}

// divide f32 (FloatKernels.divide): out = a / b, IEEE division rounded to nearest (nvcc's default -prec-div=true;
// __fdiv_rn states it), so x/0 gives the twin's infinities and NaN.
SF_KERNEL sf_div_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = __fdiv_rn(a[i], b[i]); }
}

// divide cf32 (FloatKernels.complexDivide), every float operation rounded as Java rounds it (no FMA contraction):
// inv = 1f / (br*br + bi*bi); re = (ar*br + ai*bi) * inv; im = (ai*br - ar*bi) * inv.
__device__ __forceinline__ float2 sf_cdiv(float2 a, float2 b) {
    float inv = __fdiv_rn(1.0f, __fadd_rn(__fmul_rn(b.x, b.x), __fmul_rn(b.y, b.y)));
    return make_float2(__fmul_rn(__fadd_rn(__fmul_rn(a.x, b.x), __fmul_rn(a.y, b.y)), inv),
                       __fmul_rn(__fsub_rn(__fmul_rn(a.y, b.x), __fmul_rn(a.x, b.y)), inv));
}

SF_KERNEL sf_div_cf32(const float2* a, const float2* b, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = sf_cdiv(a[i], b[i]); }
}

// Integer <-> float converters (IntegerConversion, VOLK's arithmetic). scale is the twin's (float) scale.
// short_to_float / char_to_float / uchar_to_float: y = (float) x / scale, one IEEE float division (x is exact in
// float); char reads the byte as signed, uchar as unsigned.
SF_KERNEL sf_s16_to_f32(const short* in, float* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = __fdiv_rn((float)in[i], scale); }
}

SF_KERNEL sf_s8_to_f32(const signed char* in, float* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = __fdiv_rn((float)in[i], scale); }
}

SF_KERNEL sf_u8_to_f32(const unsigned char* in, float* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = __fdiv_rn((float)in[i], scale); }
}

// float_to_short / float_to_char / float_to_uchar (IntegerConversion.roundClipped): v = x * scale in float,
// c = v > hi ? hi : v < lo ? lo : v, then (int) Math.rint(c): half to even (rintf). NaN fails both comparisons and
// Java's (int) NaN is 0, so NaN gives 0 here too.
__device__ __forceinline__ int sf_round_clipped(float x, float scale, float lo, float hi) {
    float v = __fmul_rn(x, scale);
    if (v != v) return 0;
    float c = v > hi ? hi : v < lo ? lo : v;
    return (int)rintf(c);
}

SF_KERNEL sf_f32_to_s16(const float* in, short* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = (short)sf_round_clipped(in[i], scale, -32768.0f, 32767.0f); }
}

SF_KERNEL sf_f32_to_s8(const float* in, signed char* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = (signed char)sf_round_clipped(in[i], scale, -128.0f, 127.0f); }
}

SF_KERNEL sf_f32_to_u8(const float* in, unsigned char* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = (unsigned char)sf_round_clipped(in[i], scale, 0.0f, 255.0f); }
}

// and / or / xor (BitwiseBlock) of u8 or s16 elements: out = a op b (op 0 and, 1 or, 2 xor); N inputs chain in port
// order as the twin's accumulator does (out may alias a). Bitwise ops on the stored bits: the same as the twin's int
// arithmetic truncated to 8 or 16 bits.
template <typename T>
__device__ __forceinline__ void sf_bitwise(const T* a, const T* b, T* out, long long n, int op) {
    SF_GRID_STRIDE(i, n) {
        T x = a[i], y = b[i];
        out[i] = (T)(op == 0 ? (x & y) : op == 1 ? (x | y) : (x ^ y));
    }
}

SF_KERNEL sf_bitwise_u8(const unsigned char* a, const unsigned char* b, unsigned char* out, long long n, int op) {
    sf_bitwise(a, b, out, n, op);
}

SF_KERNEL sf_bitwise_s16(const short* a, const short* b, short* out, long long n, int op) {
    sf_bitwise(a, b, out, n, op);
}

// not (BitwiseBlock): out = ~x on the stored bits.
SF_KERNEL sf_not_u8(const unsigned char* in, unsigned char* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (unsigned char)~in[i]; }
}

SF_KERNEL sf_not_s16(const short* in, short* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (short)~in[i]; }
}

// char_to_short (IntegerConversion.CHAR_TO_SHORT): (short) (signed byte * 256), the byte as the high byte.
SF_KERNEL sf_s8_to_s16(const signed char* in, short* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (short)(in[i] * 256); }
}

// short_to_char (IntegerConversion.SHORT_TO_CHAR): (byte) (x >> 8), an arithmetic shift: the high byte, signed.
SF_KERNEL sf_s16_to_s8(const short* in, signed char* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (signed char)(in[i] >> 8); }
}

// quantizer (channels.quantizer, Quantizer.java): r = x * 2^(bits-1) in float, clipped to the int16 range and
// rounded half to even (sf_round_clipped, NaN -> 0), then (float) q * 2^-(bits-1): one product each, as the twin.
SF_KERNEL sf_quantize_f32(const float* in, float* out, long long n, float up, float down) {
    SF_GRID_STRIDE(i, n) { out[i] = __fmul_rn((float)(short)sf_round_clipped(in[i], up, -32768.0f, 32767.0f), down); }
}

// int_to_float: (float) x / scale, the int rounded to the nearest float first (Java's (float) int), one IEEE division.
SF_KERNEL sf_s32_to_f32(const int* in, float* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = __fdiv_rn(__int2float_rn(in[i]), scale); }
}

// float_to_int: (int) Math.rint(x * scale): half to even, saturated to the int32 range, NaN -> 0, which is exactly
// cvt.rni.s32.f32 (__float2int_rn).
SF_KERNEL sf_f32_to_s32(const float* in, int* out, long long n, float scale) {
    SF_GRID_STRIDE(i, n) { out[i] = __float2int_rn(__fmul_rn(in[i], scale)); }
}

// float_to_complex: re from the first input, im from the second, or 0 when that optional input is not connected.
SF_KERNEL sf_f32_pair_to_cf32(const float* re, const float* im, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = make_float2(re[i], im == nullptr ? 0.0f : im[i]); }
}

// complex_to_float: the two parts to two outputs; im is null when that optional output is not connected.
SF_KERNEL sf_cf32_to_f32_pair(const float2* in, float* re, float* im, long long n) {
    SF_GRID_STRIDE(i, n) {
        float2 v = in[i];
        re[i] = v.x;
        if (im != nullptr) im[i] = v.y;
    }
}

// multiply_matrix (MultiplyMatrix.java): out_j = sum over inputs i in port order of A[j][i] * in_i, from 0, each
// product and sum rounded on its own (Java never contracts to FMA). One launch per (j, i): first starts from 0.
SF_KERNEL sf_matrix_acc_f32(const float* x, float* out, long long n, float a, int first) {
    SF_GRID_STRIDE(i, n) { out[i] = __fadd_rn(first ? 0.0f : out[i], __fmul_rn(a, x[i])); }
}

// complex: sr += ar*xr - ai*xi; si += ar*xi + ai*xr (the twin's expression order).
SF_KERNEL sf_matrix_acc_cf32(const float2* x, float2* out, long long n, float ar, float ai, int first) {
    SF_GRID_STRIDE(i, n) {
        float2 v = x[i];
        float2 s = first ? make_float2(0.0f, 0.0f) : out[i];
        float re = __fsub_rn(__fmul_rn(ar, v.x), __fmul_rn(ai, v.y));
        float im = __fadd_rn(__fmul_rn(ar, v.y), __fmul_rn(ai, v.x));
        out[i] = make_float2(__fadd_rn(s.x, re), __fadd_rn(s.y, im));
    }
}

// binary_slicer (BinarySlicer.java): 1 for x >= 0 (-0 included), else 0 (NaN included), one byte per sample.
SF_KERNEL sf_binary_slice(const float* in, unsigned char* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] >= 0.0f ? 1 : 0; }
}

// byte_map (ByteMapBlock.java): out = table[in], the twin's 256-entry table (its bytes 0..255 held as floats).
SF_KERNEL sf_byte_map(const unsigned char* in, unsigned char* out, long long n, const float* table) {
    SF_GRID_STRIDE(i, n) { out[i] = (unsigned char)table[in[i]]; }
}

// interleaved_short_to_complex (InterleavedShorts.ToComplex): each (a, b) pair of shorts divided by the scale in
// float, (re, im) = swap ? (b, a) : (a, b).
SF_KERNEL sf_s16_pairs_to_cf32(const short* in, float2* out, long long pairs, float scale, int swap) {
    SF_GRID_STRIDE(i, pairs) {
        float a = __fdiv_rn((float)in[2 * i], scale), b = __fdiv_rn((float)in[2 * i + 1], scale);
        out[i] = swap ? make_float2(b, a) : make_float2(a, b);
    }
}

// keep_m_in_n (KeepMInN.java): of every n items the m from offset, any item type (copied byte by byte; one thread
// per output byte).
SF_KERNEL sf_keep_m_in_n(const unsigned char* in, unsigned char* out, long long bytes, long long item_bytes, int m,
                         int n, int offset) {
    SF_GRID_STRIDE(b, bytes) {
        long long o = b / item_bytes, r = b - o * item_bytes;
        long long k = o / m, j = o - k * m;
        out[b] = in[(k * n + offset + j) * item_bytes + r];
    }
}

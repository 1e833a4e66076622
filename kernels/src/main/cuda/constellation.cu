// constellation_decoder (ConstellationDecoder.java over Constellation.decide): one byte per dims complex samples,
// the decision of GNU Radio's constellation object. kind (Constellation.Kind's order): 0 nearest of the points
// (float distances summed over the dims in the twin's order, first of equals kept), 1 BPSK, 2 QPSK, 3 DQPSK, 4 8PSK,
// 5 16QAM (its region tests in GNU Radio's order; l = the twin's float sqrt(0.1f)).
#include "kernel.cuh"

__device__ int qam16_decide(float re, float im, float l) {
    float l2 = 2 * l;
    bool imLow = im <= 0 && im >= -l2, imHigh = im >= 0 && im <= l2;
    bool rePos = re >= 0 && re <= l2, reNeg = re <= 0 && re >= -l2;
    if (imLow && rePos) return 0;
    if (imLow && reNeg) return 1;
    if (im <= -l2 && re >= l2) return 2;
    if (im <= -l2 && re <= -l2) return 3;
    if (imLow && re <= -l2) return 4;
    if (imLow && re >= l2) return 5;
    if (im <= -l2 && reNeg) return 6;
    if (im <= -l2 && rePos) return 7;
    if (im >= l2 && re <= -l2) return 8;
    if (im >= l2 && re >= l2) return 9;
    if (imHigh && reNeg) return 10;
    if (imHigh && rePos) return 11;
    if (im >= l2 && rePos) return 12;
    if (im >= l2 && reNeg) return 13;
    if (imHigh && re >= l2) return 14;
    if (imHigh && re <= -l2) return 15;
    return 0;
}

__device__ float point_distance(const float2* x, const float* points, int index, int dims) {
    float dist = 0.0f;
    for (int i = 0; i < dims; i++) {
        float dr = __fsub_rn(x[i].x, points[2 * (index * dims + i)]);
        float di = __fsub_rn(x[i].y, points[2 * (index * dims + i) + 1]);
        dist = __fadd_rn(dist, __fadd_rn(__fmul_rn(dr, dr), __fmul_rn(di, di)));
    }
    return dist;
}

SF_KERNEL sf_constellation_decide(const float2* in, unsigned char* out, long long n, int kind, const float* points,
                                  int arity, int dims, float l) {
    SF_GRID_STRIDE(o, n) {
        const float2* x = in + o * dims;
        float re = x[0].x, im = x[0].y;
        int d = 0;
        switch (kind) {
            case 1: d = re > 0 ? 1 : 0; break;
            case 2: d = 2 * (im > 0 ? 1 : 0) + (re > 0 ? 1 : 0); break;
            case 3: d = re > 0 ? (im > 0 ? 0 : 3) : (im > 0 ? 1 : 2); break;
            case 4: d = (fabsf(re) <= fabsf(im) ? 4 : 0) | (re <= 0 ? 1 : 0) | (im <= 0 ? 2 : 0); break;
            case 5: d = qam16_decide(re, im, l); break;
            default: {
                float best = point_distance(x, points, 0, dims);
                for (int j = 1; j < arity; j++) {
                    float dist = point_distance(x, points, j, dims);
                    if (dist < best) { best = dist; d = j; }
                }
            }
        }
        out[o] = (unsigned char)d;
    }
}

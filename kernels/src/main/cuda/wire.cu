// Host<->device wire formats: the memory nodes move fp16 / int16 / int8 over PCIe and convert on the device.
// Integer formats are full scale +-1 (x * 32767 or x * 127, rounded, clamped), as the catalog entries say.
#include "kernel.cuh"

SF_KERNEL sf_unpack_fp16(const __half* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = __half2float(in[i]); }
}

SF_KERNEL sf_unpack_int16(const short* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] * (1.0f / 32767.0f); }
}

SF_KERNEL sf_unpack_int8(const signed char* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] * (1.0f / 127.0f); }
}

SF_KERNEL sf_pack_fp16(const float* in, __half* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = __float2half_rn(in[i]); }
}

SF_KERNEL sf_pack_int16(const float* in, short* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (short)rintf(fminf(fmaxf(in[i], -1.0f), 1.0f) * 32767.0f); }
}

SF_KERNEL sf_pack_int8(const float* in, signed char* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (signed char)rintf(fminf(fmaxf(in[i], -1.0f), 1.0f) * 127.0f); }
}

// Integer complex streams from radios and recordings, widened on the device (memory_h2d Device Type cf32) with the
// scales of the file formats ci16_le, ci8 and cu8 (RTL-SDR offset binary), and cf32 narrowed back for memory_d2h
// (Host Type cs16 / cs8): round to nearest, clip to the code range. n counts elements (2 per complex sample).
SF_KERNEL sf_widen_cs16(const short* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] * (1.0f / 32768.0f); }
}

SF_KERNEL sf_widen_cs8(const signed char* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] * (1.0f / 128.0f); }
}

SF_KERNEL sf_widen_cu8(const unsigned char* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (in[i] - 127.5f) * (1.0f / 127.5f); }
}

SF_KERNEL sf_narrow_cs16(const float* in, short* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (short)fminf(fmaxf(rintf(in[i] * 32768.0f), -32768.0f), 32767.0f); }
}

SF_KERNEL sf_narrow_cs8(const float* in, signed char* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = (signed char)fminf(fmaxf(rintf(in[i] * 128.0f), -128.0f), 127.0f); }
}

// memory_d2h's grouped download (DownloadGroup): the pages of several outputs of one block, found through a table of
// their device addresses, narrowed as above into one wire buffer, page k (grid row k) at element k * per; per is
// even (complex samples), two elements per thread.
SF_KERNEL sf_narrow_cs16_pages(const float* const* in, short* out, long long per) {
    const float2* src = (const float2*)in[blockIdx.y];
    short2* dst = (short2*)(out + blockIdx.y * per);
    SF_GRID_STRIDE(i, per / 2) {
        float2 v = src[i];
        dst[i] = make_short2((short)fminf(fmaxf(rintf(v.x * 32768.0f), -32768.0f), 32767.0f),
                             (short)fminf(fmaxf(rintf(v.y * 32768.0f), -32768.0f), 32767.0f));
    }
}

SF_KERNEL sf_narrow_cs8_pages(const float* const* in, signed char* out, long long per) {
    const float2* src = (const float2*)in[blockIdx.y];
    char2* dst = (char2*)(out + blockIdx.y * per);
    SF_GRID_STRIDE(i, per / 2) {
        float2 v = src[i];
        dst[i] = make_char2((signed char)fminf(fmaxf(rintf(v.x * 128.0f), -128.0f), 127.0f),
                            (signed char)fminf(fmaxf(rintf(v.y * 128.0f), -128.0f), 127.0f));
    }
}

// Bit re-chunking (BitRepacker.java: repack_bits, pack_k_bits, unpack_k_bits, packed_to_unpacked,
// unpacked_to_packed): in_bits bits from each input byte, out_bits bits into each output byte, each in its order
// (msb first: from bit n-1 down). Every step of lcm(in_bits, out_bits) bits stands alone, so one thread per output
// byte gathers its bits from the bit stream's positions o * out_bits + b.
#include "kernel.cuh"

SF_KERNEL sf_bit_repack(const unsigned char* in, unsigned char* out, long long n, int in_bits, int in_msb,
                        int out_bits, int out_msb) {
    SF_GRID_STRIDE(o, n) {
        unsigned v = 0;
        for (int b = 0; b < out_bits; b++) {
            long long pos = o * out_bits + b;
            int c = (int)(pos % in_bits);
            unsigned bit = (in[pos / in_bits] >> (in_msb ? in_bits - 1 - c : c)) & 1u;
            v |= bit << (out_msb ? out_bits - 1 - b : b);
        }
        out[o] = (unsigned char)v;
    }
}

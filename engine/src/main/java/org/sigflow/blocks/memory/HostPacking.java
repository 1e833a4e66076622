package org.sigflow.blocks.memory;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.ShortBuffer;
import org.sigflow.catalog.Dtype;

/**
 * The host half of a wire format: packs a CPU ring's elements into a pinned staging page (h2d), or unpacks a staging
 * page into a CPU ring (d2h). Non-float streams travel as they are. Packing measures the quantisation error it makes
 * (signal and error energy), so the h2d node can report the format's real SNR on the user's signal.
 */
final class HostPacking {
    private final Dtype.Storage storage;
    private final WireFormat wire;
    private final ByteBuffer bytes;
    private final ShortBuffer shorts;
    private final FloatBuffer floats;
    double signalEnergy;
    double errorEnergy;

    HostPacking(Dtype.Storage storage, WireFormat wire, ByteBuffer page) {
        this.storage = storage;
        this.wire = storage == Dtype.Storage.FLOAT ? wire : WireFormat.FP32;
        this.bytes = page;
        this.shorts = page.asShortBuffer();
        this.floats = page.asFloatBuffer();
    }

    /** Bytes per element on the wire. */
    static int wireBytes(Dtype.Storage storage, WireFormat wire) {
        return switch (storage) {
            case FLOAT -> wire.bytes();
            case SHORT -> 2;
            case BYTE -> 1;
        };
    }

    /** Elements {@code [off, off + len)} of the ring's array go to wire elements from {@code at}. */
    void pack(Object array, int off, int len, int at) {
        switch (storage) {
            case SHORT -> shorts.put(at, (short[]) array, off, len);
            case BYTE -> bytes.put(at, (byte[]) array, off, len);
            case FLOAT -> packFloats((float[]) array, off, len, at);
        }
    }

    private void packFloats(float[] x, int off, int len, int at) {
        double sig = 0;
        double err = 0;
        switch (wire) {
            case FP32 -> floats.put(at, x, off, len);
            case FP16 -> {
                for (int i = 0; i < len; i++) {
                    float v = x[off + i];
                    short h = Float.floatToFloat16(v);
                    shorts.put(at + i, h);
                    float e = v - Float.float16ToFloat(h);
                    sig += v * v;
                    err += e * e;
                }
            }
            case INT16 -> {
                for (int i = 0; i < len; i++) {
                    float v = x[off + i];
                    int q = Math.round(Math.max(-1f, Math.min(1f, v)) * 32767f);
                    shorts.put(at + i, (short) q);
                    float e = v - q / 32767f;
                    sig += v * v;
                    err += e * e;
                }
            }
            case INT8 -> {
                for (int i = 0; i < len; i++) {
                    float v = x[off + i];
                    int q = Math.round(Math.max(-1f, Math.min(1f, v)) * 127f);
                    bytes.put(at + i, (byte) q);
                    float e = v - q / 127f;
                    sig += v * v;
                    err += e * e;
                }
            }
        }
        signalEnergy += sig;
        errorEnergy += err;
    }

    /** Wire elements from {@code at} go to the ring's array at {@code [off, off + len)}. */
    void unpack(int at, Object array, int off, int len) {
        switch (storage) {
            case SHORT -> shorts.get(at, (short[]) array, off, len);
            case BYTE -> bytes.get(at, (byte[]) array, off, len);
            case FLOAT -> unpackFloats(at, (float[]) array, off, len);
        }
    }

    private void unpackFloats(int at, float[] x, int off, int len) {
        double sig = 0;
        switch (wire) {
            case FP32 -> floats.get(at, x, off, len);
            case FP16 -> {
                for (int i = 0; i < len; i++) {
                    x[off + i] = Float.float16ToFloat(shorts.get(at + i));
                }
            }
            case INT16 -> {
                for (int i = 0; i < len; i++) {
                    x[off + i] = shorts.get(at + i) * (1f / 32767f);
                }
            }
            case INT8 -> {
                for (int i = 0; i < len; i++) {
                    x[off + i] = bytes.get(at + i) * (1f / 127f);
                }
            }
        }
        if (wire != WireFormat.FP32) {
            for (int i = 0; i < len; i++) {
                sig += (double) x[off + i] * x[off + i];
            }
            signalEnergy += sig;
            errorEnergy += len * wire.noiseFloor(sig / Math.max(1, len));
        }
    }

    /** SNR in dB of what went through so far; infinite for fp32 or before any sample. */
    /** Signal-to-error ratio over several packers (null entries skipped), in dB; infinite when nothing was lost. */
    static double snrDb(HostPacking[] packers) {
        double sig = 0;
        double err = 0;
        for (HostPacking p : packers) {
            if (p != null) {
                sig += p.signalEnergy;
                err += p.errorEnergy;
            }
        }
        return err > 0 ? 10 * Math.log10(sig / err) : Double.POSITIVE_INFINITY;
    }

    double snrDb() {
        return errorEnergy > 0 ? 10 * Math.log10(signalEnergy / errorEnergy) : Double.POSITIVE_INFINITY;
    }
}

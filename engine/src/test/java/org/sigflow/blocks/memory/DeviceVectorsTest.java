package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;

/**
 * {@code memory_h2d}'s Items per GPU Vector: a stream crosses as vectors on the device side with no host copy (the
 * stream_to_vector in front of an FFT made for free). Checked against the stream itself (regrouping keeps every
 * sample and its order; a partial last vector is dropped) and against an 8-point DFT in double for
 * {@code h2d(8) → fft_cuda(8) → d2h}. Runs on the CPU fallback in the default build; {@link GpuDeviceVectorsTest} repeats it on a GPU
 * through zero-copy and staging rings.
 */
class DeviceVectorsTest {
    static final int FFT = 8;
    /** Samples: not a multiple of the vector (the tail is dropped), pages of 375 vectors do not divide the stream. */
    static final int N = 3000 * FFT + 5;

    @Test
    void streamCrossesAsVectors() throws Exception {
        checkRegrouped(false);
    }

    @Test
    void fftOfGroupedStreamIsTheDft() throws Exception {
        checkDft(false);
    }

    @Test
    void integerStreamWidensIntoVectors() throws Exception {
        checkWidened(false);
    }

    /** A cs16 stream widened to cf32 (÷ 32768, the ci16_le scale) and grouped into 8-vectors by the same node. */
    static void checkWidened(boolean offHeap) throws Exception {
        short[] x = new short[2 * N];
        for (int i = 0; i < x.length; i++) {
            x[i] = (short) (i * 7919 % 65536 - 32768);
        }
        PortSpec in = new PortSpec("out", Dtype.CS16, 1);
        PortSpec dev = new PortSpec("out", Dtype.CF32, FFT);
        List<FlowNode> nodes = new ArrayList<>();
        nodes.add(new FlowNode("src", "array", new RingEnds.Source(x, 5_003), List.of(), List.of(in)));
        nodes.add(new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", "cs16", "device_type", "cf32",
                "vlen", 1, "device_items", FFT, "wire_format", "fp32", "page_items", 375), List.of(in), List.of(dev)));
        nodes.add(new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "vlen", FFT,
                "wire_format", "fp32", "page_items", 375), List.of(dev), List.of(dev)));
        nodes.add(new FlowNode("sink", "array", new RingEnds.Sink(Dtype.Storage.FLOAT), List.of(dev), List.of()));
        float[] got = (float[]) RingEnds.runLine(nodes, offHeap);
        assertEquals(2 * (N / FFT) * FFT, got.length);
        for (int i = 0; i < got.length; i++) {
            assertEquals(x[i] / 32768.0, got[i], 0.0, "element " + i);
        }
    }

    static float[] signal() {
        Random r = new Random(21);
        float[] x = new float[2 * N];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        return x;
    }

    static void checkRegrouped(boolean offHeap) throws Exception {
        float[] x = signal();
        float[] got = run(x, false, offHeap);
        float[] want = java.util.Arrays.copyOf(x, 2 * (N / FFT) * FFT);
        assertArrayEquals(want, got, 0f, "regrouped stream differs (off heap " + offHeap + ")");
    }

    static void checkDft(boolean offHeap) throws Exception {
        float[] x = signal();
        float[] got = run(x, true, offHeap);
        int frames = N / FFT;
        assertEquals(2 * frames * FFT, got.length);
        for (int f = 0; f < frames; f++) {
            for (int k = 0; k < FFT; k++) {
                double re = 0;
                double im = 0;
                for (int n = 0; n < FFT; n++) {
                    double a = -2 * Math.PI * k * n / FFT;
                    double xr = x[2 * (f * FFT + n)];
                    double xi = x[2 * (f * FFT + n) + 1];
                    re += xr * Math.cos(a) - xi * Math.sin(a);
                    im += xr * Math.sin(a) + xi * Math.cos(a);
                }
                int at = 2 * (f * FFT + k);
                assertEquals(re, got[at], 1e-5 * (1 + Math.abs(re)), "frame " + f + " bin " + k + " re");
                assertEquals(im, got[at + 1], 1e-5 * (1 + Math.abs(im)), "frame " + f + " bin " + k + " im");
            }
        }
    }

    /** {@code src → h2d(Items per GPU Vector 8) → [fft_cuda 8] → d2h(vlen 8) → sink}. */
    static float[] run(float[] x, boolean fft, boolean offHeap) throws Exception {
        PortSpec in = new PortSpec("out", Dtype.CF32, 1);
        PortSpec dev = new PortSpec("out", Dtype.CF32, FFT);
        List<FlowNode> nodes = new ArrayList<>();
        nodes.add(new FlowNode("src", "array", new RingEnds.Source(x, 7_001), List.of(), List.of(in)));
        nodes.add(new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", "cf32", "vlen", 1,
                "device_items", FFT, "wire_format", "fp32", "page_items", 375), List.of(in), List.of(dev)));
        if (fft) {
            nodes.add(new FlowNode("dut", "fft_cuda", Setups.create("fft_cuda", "type", "cf32", "fft_size", FFT,
                    "direction", "forward", "window", "rectangular", "beta", 6.76, "shift", false, "scaling", "none",
                    "method", "cufft"), List.of(dev), List.of(dev)));
        }
        nodes.add(new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "vlen", FFT,
                "wire_format", "fp32", "page_items", 375), List.of(dev), List.of(dev)));
        nodes.add(new FlowNode("sink", "array", new RingEnds.Sink(Dtype.Storage.FLOAT), List.of(dev), List.of()));
        System.setProperty("sigflow.memory.zeroCopyMinPage", "0"); // small pages: many pieces, many ring laps
        try {
            return (float[]) RingEnds.runLine(nodes, offHeap);
        } finally {
            System.clearProperty("sigflow.memory.zeroCopyMinPage");
        }
    }
}

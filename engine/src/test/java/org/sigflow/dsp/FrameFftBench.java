package org.sigflow.dsp;

import java.util.Arrays;
import java.util.Random;

/**
 * The {@code fft} block's kernel alone, on data in cache (a benchmark, not a test: no assertion): per power-of-two
 * size, Msps of {@link FrameFft#process} on complex frames (rectangular window, forward) and of its butterflies
 * alone ({@link LaneButterflies#run} on the scratch); the rest of a frame's time is the copy in and out. Then the
 * whole kernel again on input another thread has just written (as {@code stream_to_vector} does in a graph: two
 * buffers handed back and forth, the FFT's time alone counted), which adds the transfer between cores. Which copies
 * and lanes run follows {@code -Dsigflow.fft.transpose} and {@code -Dsigflow.fft.lanes}: run it once per setting.
 * Usage: {@code java --add-modules jdk.incubator.vector -cp ENGINE:TEST-CLASSES org.sigflow.dsp.FrameFftBench
 * [seconds per case, default 1] [sizes, default 64,256,1024,2048,8192]}; {@code -Dbench.real=true}: real frames in.
 * docs/performance.md, "CPU FFT against FFTW".
 */
public final class FrameFftBench {
    private FrameFftBench() {}

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        int[] sizes = Arrays.stream((args.length > 1 ? args[1] : "64,256,1024,2048,8192").split(","))
                .mapToInt(Integer::parseInt).toArray();
        boolean real = Boolean.getBoolean("bench.real");
        System.out.printf("lanes %d, transposing copies %s, %s input%n", LaneButterflies.L, LaneTransposes.ENABLED,
                real ? "real" : "complex");
        for (int round = 0; round < 2; round++) { // the first round warms the JIT up
            for (int n : sizes) {
                float[] w = new float[n];
                Arrays.fill(w, 1f);
                FrameFft fft = FrameFfts.create(n, real, false, w, false, FftScaling.NONE);
                int frames = Math.max(2 * LaneButterflies.L, 65536 / n);
                float[] x = new float[(real ? n : 2 * n) * frames], y = new float[2 * n * frames];
                Random r = new Random(n);
                for (int i = 0; i < x.length; i++) {
                    x[i] = (float) r.nextGaussian();
                }
                double whole = rate(seconds, n * (long) frames, () -> fft.process(x, 0, y, 0, frames));
                LaneButterflies b = new LaneButterflies(n, false);
                float[] re = Arrays.copyOf(y, b.length()), im = Arrays.copyOf(y, b.length());
                double butterflies = rate(seconds, n * (long) LaneButterflies.L, () -> b.run(re, im));
                double fed = fedByAnotherThread(seconds, fft, x, y, frames);
                if (round == 1) {
                    System.out.printf("n=%5d  process %7.1f Msps  butterflies alone %7.1f Msps  (butterflies %2.0f %% "
                            + "of the time, copies the rest)  input from another thread %7.1f Msps%n", n, whole,
                            butterflies, 100 * whole / butterflies, fed);
                }
            }
        }
    }

    /** The kernel's Msps on buffers a second thread fills (copies {@code x} into) just before each call. */
    private static double fedByAnotherThread(double seconds, FrameFft fft, float[] x, float[] y, int frames)
            throws InterruptedException {
        float[][] buf = {new float[x.length], new float[x.length]};
        java.util.concurrent.atomic.AtomicIntegerArray full = new java.util.concurrent.atomic.AtomicIntegerArray(2);
        Thread producer = Thread.ofPlatform().daemon().start(() -> {
            for (int k = 0; !Thread.currentThread().isInterrupted(); k ^= 1) {
                while (full.get(k) == 1) {
                    if (Thread.currentThread().isInterrupted()) {
                        return;
                    }
                    Thread.onSpinWait();
                }
                System.arraycopy(x, 0, buf[k], 0, x.length);
                full.set(k, 1);
            }
        });
        long samples = 0, nanos = 0, end = System.nanoTime() + (long) (seconds * 1e9);
        for (int k = 0; System.nanoTime() < end; k ^= 1) {
            while (full.get(k) == 0) {
                Thread.onSpinWait();
            }
            long t0 = System.nanoTime();
            fft.process(buf[k], 0, y, 0, frames);
            nanos += System.nanoTime() - t0;
            samples += (long) fft.size() * frames;
            full.set(k, 0);
        }
        producer.interrupt();
        producer.join();
        return samples / (nanos / 1e9) / 1e6;
    }

    private static double rate(double seconds, long samplesPerCall, Runnable call) {
        long samples = 0, t0 = System.nanoTime(), end = t0 + (long) (seconds * 1e9);
        long t;
        do {
            call.run();
            samples += samplesPerCall;
            t = System.nanoTime();
        } while (t < end);
        return samples / ((t - t0) / 1e9) / 1e6;
    }
}

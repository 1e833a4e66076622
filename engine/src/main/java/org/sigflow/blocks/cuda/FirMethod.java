package org.sigflow.blocks.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;

/**
 * How the FIR blocks ({@link FirFilterCuda}, {@link FreqXlatingFirFilterCuda}, resamplers, Hilbert) filter one
 * page on their stream: the tiled direct form ({@link TiledFir}) or overlap-save through cuFFT
 * ({@link OverlapSaveFir}). The block owns the history buffers and the taps' life cycle; a method owns
 * its device copies of the taps and its scratch memory.
 */
interface FirMethod {
    /** Tap count from which overlap-save beats the tiled direct form (measured; docs/performance.md). */
    int OVERLAP_SAVE_FROM = 128;

    /** "fft" or "tiled": by tap count, unless {@code -Dsigflow.cuda.fir=tiled|fft} forces one. */
    static String chosen(int ntaps) {
        String forced = System.getProperty("sigflow.cuda.fir", "auto");
        return switch (forced) {
            case "tiled", "fft" -> forced;
            case "auto" -> ntaps >= OVERLAP_SAVE_FROM ? "fft" : "tiled";
            default -> throw new IllegalArgumentException("-Dsigflow.cuda.fir=" + forced + ": use tiled, fft or auto");
        };
    }

    static FirMethod create(String name, Cuda cuda, CUstream stream, boolean complexInput, boolean complexTaps,
                            int ntaps, int decimation) {
        return name.equals("fft")
                ? new OverlapSaveFir(cuda, stream, complexInput, complexTaps, ntaps, decimation)
                : new TiledFir(cuda, stream, complexInput, complexTaps, ntaps, decimation);
    }

    /** Uploads the taps (interleaved re/im when complex) and sets up what the method needs. */
    void open(float[] taps);

    /** Host-side set-up before a page of {@code items} inputs is timed (FFT plans). */
    default void prepare(long items) {}

    /** Queues {@code nOut} outputs from {@code items} inputs; {@code hist}: the {@code ntaps - 1} samples before. */
    void filter(CUdeviceptr in, long items, CUdeviceptr hist, CUdeviceptr out, long nOut);

    /** Replaces the taps (same count or fewer, zero-padded); the stream has drained. */
    void retap(float[] taps);

    /** Returns device memory and plans; the stream has drained. */
    void close();
}

package org.sigflow.blocks.dsp;

import org.sigflow.dsp.OverlapSaveFir;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code fir_filter} without decimation and with long taps, by FFT convolution ({@link OverlapSaveFir}): the same
 * outputs as {@link FirFilterBlock} (within float rounding), chosen by its factory from
 * {@link #FROM_TAPS} taps. Works in whole blocks of {@code L} items from the stream start, so every output is the
 * same float whatever the work-call sizes; at the end of the stream the last partial block is computed with the
 * input past the end read as zeros. Taps and designs (and their run-time changes) are those of the wrapped
 * {@link FirFilterBlock}.
 */
public final class FftFirFilterBlock implements Block {
    /**
     * Fewest taps for FFT convolution (measured, docs/performance.md: below it the Vector API direct form is
     * faster); system property {@code sigflow.fir.fftFrom} overrides it (0 turns FFT convolution off).
     */
    public static final int FROM_TAPS = Integer.getInteger("sigflow.fir.fftFrom", 128);
    /**
     * Most taps for FFT convolution ({@code sigflow.fir.fftUpTo}): its FFT is 4 × taps long and works on batches of
     * frames, so a million taps took 1.4 GB and seconds per work call (a stop waited for them); beyond this the direct
     * form runs, whose work calls are bounded ({@code SyncBlock}).
     */
    public static final int UP_TO_TAPS = Integer.getInteger("sigflow.fir.fftUpTo", 1 << 16);

    private final FirFilterBlock direct;
    private OverlapSaveFir fir;
    /** The stream's last partial block (kept, so no work call allocates). */
    private float[] tailBlock;

    FftFirFilterBlock(FirFilterBlock direct) {
        this.direct = direct;
        rebuild();
    }

    private void rebuild() {
        fir = new OverlapSaveFir(direct.taps(), direct.complexTaps(), direct.complexInput());
        tailBlock = new float[fir.blockLength() * (direct.complexInput() ? 2 : 1)];
    }

    /** Whether the factory should use FFT convolution for this filter. */
    static boolean wanted(FirFilterBlock b) {
        return FROM_TAPS > 0 && b.decimation() == 1 && b.history() >= FROM_TAPS && b.history() <= UP_TO_TAPS;
    }

    /** The direct-form block with the same taps (the design, and what a CUDA twin reads). */
    public FirFilterBlock direct() {
        return direct;
    }

    @Override
    public int history() {
        return direct.history();
    }

    @Override
    public int inputMultiple() {
        return fir.blockLength();
    }

    @Override
    public int outputMultiple() {
        return fir.blockLength();
    }

    /**
     * Room for two full passes per work call: the default chunk held 4 blocks of a 512-tap filter, so every pass of
     * 8 lanes did the work of 8 for 4 blocks (half the filter's speed in a graph).
     */
    @Override
    public int chunkElements() {
        return 2 * fir.blocksPerPass() * fir.blockLength() * (direct.complexInput() ? 2 : 1);
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int len = fir.blockLength();
        int stride = in.itemSize();
        int xBase = in.offset() - (history() - 1) * stride;
        int blocks = Math.min(in.available() / len, out.space() / len);
        int perPass = fir.blocksPerPass();
        if (blocks > perPass && !in.finished()) {
            blocks -= blocks % perPass; // whole passes while more input comes; the rest waits for the next call
        }
        if (blocks > 0) {
            fir.filter(in.floats(), xBase, out.floats(), out.offset(), blocks, Integer.MAX_VALUE);
            io.consumeEach(blocks * len);
            io.produceEach(blocks * len);
            return WorkResult.CONTINUE;
        }
        int tail = in.available();
        if (!in.finished() || tail >= len) {
            return WorkResult.CONTINUE;
        }
        if (tail == 0) {
            return WorkResult.DONE;
        }
        if (out.space() < tail) {
            return WorkResult.CONTINUE;
        }
        fir.filter(in.floats(), xBase, tailBlock, 0, 1, history() - 1 + tail);
        System.arraycopy(tailBlock, 0, out.floats(), out.offset(), tail * stride);
        io.consumeEach(tail);
        io.produceEach(tail);
        return WorkResult.CONTINUE;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        direct.applyParam(paramId, value);
        rebuild();
    }
}

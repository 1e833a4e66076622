package org.sigflow.blocks.cuda;

import org.sigflow.runtime.RateFraction;

/**
 * A one-input CUDA block that makes {@code interpolation} output items of every {@code decimation} input items, as
 * its twin (a SyncBlock of those rates): pages must hold whole steps, an incomplete step at the stream's end is
 * dropped as by the twin, and tags are placed at the twin's rate.
 */
abstract class RateChangingCuda extends CudaBlock {
    private final int interpolation;
    private final int decimation;

    RateChangingCuda(long outItemBytes, int interpolation, int decimation) {
        super(1, outItemBytes);
        this.interpolation = interpolation;
        this.decimation = decimation;
    }

    @Override
    protected final long outPageItems(long inPageItems) {
        if (inPageItems % decimation != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole steps"
                    + " of " + decimation + " items: make the memory node's Page Size a multiple of " + decimation);
        }
        return inPageItems / decimation * interpolation;
    }

    /** Output items of a page of {@code items} input items. */
    final long outputs(long items) {
        return items / decimation * interpolation;
    }

    @Override
    public final double relativeRate() {
        return (double) interpolation / decimation;
    }

    @Override
    public final RateFraction relativeRateFraction() {
        return new RateFraction(interpolation, decimation);
    }
}

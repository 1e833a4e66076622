package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.ofdm.WifiSync;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code wifi_sync}: for each {@code frame_start} tag (from {@code ofdm_frame_detect}, its value the coarse offset)
 * collects the frame, aligns on the long training field, estimates the fine offset ({@link WifiSync}) and emits
 * 2 + symbols vectors of 64 samples (both LTF symbols, then each data symbol without its prefix), offset-corrected.
 * The first vector of a frame carries tags {@code wifi_frame} (absolute sample of the first LTF symbol, a Long) and
 * {@code cfo} (the total offset, rad/sample). Samples between frames are dropped; a detection inside a frame being
 * collected is ignored, and a frame cut by the end of the stream is dropped.
 */
public final class WifiSyncBlock implements Block {
    public static final String FRAME_TAG = "wifi_frame";
    public static final String CFO_TAG = "cfo";
    private final WifiSync sync;
    private final float[] buf;
    private int filled = -1; // -1: waiting for a detection
    private long detection;
    private double coarse;
    private float[] pending;
    private int emitted;
    private long ltfStart;
    private double offset;

    WifiSyncBlock(WifiSync sync) {
        this.sync = sync;
        this.buf = new float[2 * sync.span()];
    }

    @Override
    public int history() {
        return WifiSync.LEAD + 1;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return 1.0 / 64;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (pending != null) {
            int n = Math.min(out.space(), sync.windows() - emitted);
            if (n == 0) {
                return WorkResult.CONTINUE;
            }
            if (emitted == 0) {
                out.addTag(out.position(), FRAME_TAG, ltfStart);
                out.addTag(out.position(), CFO_TAG, offset);
            }
            System.arraycopy(pending, 128 * emitted, out.floats(), out.offset(), 128 * n);
            io.produce(0, n);
            emitted += n;
            if (emitted == sync.windows()) {
                pending = null;
            }
            return WorkResult.CONTINUE;
        }
        int avail = in.available();
        if (avail == 0) {
            if (!in.finished()) {
                return WorkResult.CONTINUE;
            }
            int search = filled - (sync.span() - sync.search()) + 1; // the stream ended: a shorter search may fit
            if (filled < 0 || search < 1) {
                return WorkResult.DONE;
            }
            emit(sync.sync(buf, coarse, search));
            return work(io); // writes it now: a call without progress after the end would end the block
        }
        float[] x = in.floats();
        int at = in.offset();
        int skip = 0;
        if (filled < 0) {
            Tag start = null;
            for (Tag t : in.tags(avail)) {
                if (t.key().equals(OfdmFrameDetectBlock.TAG) && t.value() instanceof Number) {
                    start = t;
                    break;
                }
            }
            if (start == null) {
                io.consume(0, avail);
                return WorkResult.CONTINUE;
            }
            skip = (int) (start.offset() - in.position());
            detection = start.offset();
            coarse = ((Number) start.value()).doubleValue();
            System.arraycopy(x, at + 2 * (skip - WifiSync.LEAD), buf, 0, 2 * WifiSync.LEAD); // history before it
            filled = WifiSync.LEAD;
        }
        int n = Math.min(avail - skip, sync.span() - filled);
        System.arraycopy(x, at + 2 * skip, buf, 2 * filled, 2 * n);
        filled += n;
        io.consume(0, skip + n);
        if (filled == sync.span()) {
            emit(sync.sync(buf, coarse));
        }
        return WorkResult.CONTINUE;
    }

    private void emit(WifiSync.Frame f) {
        pending = f.windows();
        emitted = 0;
        ltfStart = detection + f.ltfStart();
        offset = f.offset();
        filled = -1;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wifi_sync";
        }

        @Override
        public WifiSyncBlock create(BlockSetup s) {
            return new WifiSyncBlock(new WifiSync(s.integer("data_symbols"), s.integer("search"),
                    s.integer("backoff")));
        }
    }
}

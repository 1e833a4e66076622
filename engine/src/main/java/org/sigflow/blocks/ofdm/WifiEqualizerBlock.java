package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.ofdm.WifiEqualizer;
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
 * {@code wifi_equalizer}: frames of 2 + symbols 64-point spectra (as {@code wifi_sync} then a 64-point FFT give them)
 * in, 48 equalised data carriers per data symbol out ({@link WifiEqualizer}). A {@code wifi_frame} tag starts a
 * frame (otherwise frames are counted); its tags move to the frame's first output sample.
 */
public final class WifiEqualizerBlock implements Block {
    private final WifiEqualizer eq;
    private final int symbols;
    private int position; // index of the next input vector within its frame
    private List<Tag> frameTags = List.of();
    private final float[] carriers = new float[2 * 48];
    private int left; // carriers of the last data symbol not yet written

    WifiEqualizerBlock(WifiEqualizer eq, int symbols) {
        this.eq = eq;
        this.symbols = symbols;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return 48.0 * symbols / (2 + symbols);
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (left > 0) { // the rest of a data symbol's carriers (an output smaller than 48)
            int n = Math.min(left, out.space());
            System.arraycopy(carriers, 2 * (48 - left), out.floats(), out.offset(), 2 * n);
            left -= n;
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
        int avail = in.available();
        if (avail == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        List<Tag> tags = in.tags(avail);
        float[] x = in.floats();
        int consumed = 0;
        int produced = 0;
        while (consumed < avail && left == 0) {
            long item = in.position() + consumed;
            List<Tag> here = tags.stream().filter(t -> t.offset() == item).toList();
            if (here.stream().anyMatch(t -> t.key().equals(WifiSyncBlock.FRAME_TAG))) {
                position = 0;
            }
            if (position == 0) {
                frameTags = here;
            }
            boolean data = position >= 2;
            int space = out.space() - produced;
            if (data && space == 0) {
                break;
            }
            int at = in.offset() + 128 * consumed;
            if (!data) {
                eq.train(x, at, position == 1);
            } else {
                long first = out.position() + produced;
                if (position == 2) {
                    for (Tag t : frameTags) {
                        out.addTag(first, t.key(), t.value());
                    }
                }
                eq.equalise(x, at, carriers, 0);
                int n = Math.min(48, space);
                System.arraycopy(carriers, 0, out.floats(), out.offset() + 2 * produced, 2 * n);
                produced += n;
                left = 48 - n;
            }
            consumed++;
            position = position + 1 == 2 + symbols ? 0 : position + 1;
        }
        io.consume(0, consumed);
        io.produce(0, produced);
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wifi_equalizer";
        }

        @Override
        public WifiEqualizerBlock create(BlockSetup s) {
            int symbols = s.integer("data_symbols");
            if (symbols < 1) {
                throw new IllegalArgumentException("data symbols must be >= 1, got " + symbols);
            }
            return new WifiEqualizerBlock(new WifiEqualizer(s.string("method")), symbols);
        }
    }
}

package org.sigflow.blocks.trellis;

import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;

/** Integer symbols on byte (unsigned), short or int streams, as GNU Radio's trellis blocks take them. */
final class Symbols {
    private Symbols() {}

    static int read(Dtype.Storage storage, InputView in, int i) {
        return switch (storage) {
            case BYTE -> in.bytes()[in.offset() + i] & 0xFF;
            case SHORT -> in.shorts()[in.offset() + i];
            case INT -> in.ints()[in.offset() + i];
            default -> throw new IllegalStateException("not an integer stream: " + storage);
        };
    }

    static void write(Dtype.Storage storage, OutputView out, int i, int v) {
        switch (storage) {
            case BYTE -> out.bytes()[out.offset() + i] = (byte) v;
            case SHORT -> out.shorts()[out.offset() + i] = (short) v;
            case INT -> out.ints()[out.offset() + i] = v;
            default -> throw new IllegalStateException("not an integer stream: " + storage);
        }
    }
}

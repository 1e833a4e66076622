package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code ber}: compares two streams of packed bytes bit by bit, as GNU Radio's fec {@code ber_bf}. Streaming mode
 * writes log10(bit errors / bits compared so far) once per work call, so how many values come out depends on how
 * the input arrived (as in GNU Radio); the last one covers all input. Test mode writes one value and ends: the
 * log10 BER once {@code berminerrors} errors were counted, or {@code berlimit} once the BER is below that limit
 * (with at least one error).
 */
final class BitErrorRate implements Block {
    private final boolean testMode;
    private final long minErrors;
    private final float limit;
    private long errors;
    private long bytes;
    private boolean done;

    BitErrorRate(boolean testMode, long minErrors, float limit) {
        this.testMode = testMode;
        this.minErrors = minErrors;
        this.limit = limit;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView a = io.in(0);
        InputView b = io.in(1);
        if (done) {
            return WorkResult.DONE;
        }
        int n = Math.min(a.available(), b.available());
        if (n == 0) {
            return (a.finished() && a.available() == 0) || (b.finished() && b.available() == 0)
                    ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        if (io.out(0).space() < 1) {
            return WorkResult.CONTINUE;
        }
        byte[] x = a.bytes();
        byte[] y = b.bytes();
        for (int i = 0; i < n; i++) {
            errors += Integer.bitCount((x[a.offset() + i] ^ y[b.offset() + i]) & 0xff);
        }
        bytes += n;
        io.consumeEach(n);
        float logBer = (float) Math.log10(errors / (bytes * 8.0));
        if (!testMode) {
            emit(io, logBer);
        } else if (errors >= minErrors) {
            emit(io, logBer);
            done = true;
        } else if (logBer < limit && errors > 0) {
            emit(io, limit);
            done = true;
        }
        return WorkResult.CONTINUE;
    }

    private static void emit(WorkIo io, float value) {
        io.out(0).floats()[io.out(0).offset()] = value;
        io.produce(0, 1);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ber";
        }

        @Override
        public Block create(BlockSetup s) {
            return new BitErrorRate(s.bool("test_mode"), s.longValue("berminerrors"), (float) s.real("berlimit"));
        }
    }
}

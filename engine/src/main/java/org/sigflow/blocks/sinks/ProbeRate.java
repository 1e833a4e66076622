package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code probe_rate}: reads its input and, at most every {@code mintime} ms, posts the item rate on {@code rate} as
 * GNU Radio's probe does: {@code (((rate_now . items/s) (rate_avg . average)))}, the average updated as
 * {@code alpha · now + (1 − alpha) · average} and starting at the first rate.
 */
@AutoService(BlockFactory.class)
public final class ProbeRate implements BlockFactory {

    @Override
    public String id() {
        return "probe_rate";
    }

    @Override
    public Block create(BlockSetup setup) {
        double mintime = setup.real("mintime");
        double alpha = setup.real("alpha");
        if (!(mintime > 0) || alpha < 0 || alpha > 1) {
            throw new IllegalArgumentException("mintime must be more than 0 ms and alpha from 0 to 1, got "
                    + mintime + " and " + alpha);
        }
        return new Probe((long) (mintime * 1e6), alpha);
    }

    static final class Probe implements Block {
        private final long periodNanos;
        private final double alpha;
        private MessagePorts ports = MessagePorts.NONE;
        private long since = -1;
        private long items;
        private double average = Double.NaN;

        Probe(long periodNanos, double alpha) {
            this.periodNanos = periodNanos;
            this.alpha = alpha;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            long now = System.nanoTime();
            if (since < 0) {
                since = now;
            }
            items += n;
            io.consume(0, n);
            if (now - since >= periodNanos) {
                double rate = items / ((now - since) / 1e9);
                average = Double.isNaN(average) ? rate : alpha * rate + (1 - alpha) * average;
                Pmt.Dict d = Pmt.Dict.EMPTY.with(Pmt.symbol("rate_avg"), Pmt.of(average))
                        .with(Pmt.symbol("rate_now"), Pmt.of(rate));
                ports.post("rate", new Pmt.Pair(d, Pmt.NIL));
                since = now;
                items = 0;
            }
            return WorkResult.CONTINUE;
        }
    }
}

package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.Pace;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code throttle}: limits the item rate to {@code samples_per_second}, for graphs without hardware that paces
 * them. Item k is released no earlier than {@code t0 + k / rate}, t0 being the first work call (or the last rate
 * change), so rounding never accumulates into drift. Each call passes at most 10 ms worth of items ({@code limit}
 * {@code auto}), or as GNU Radio's throttle2 at most {@code maximum} items ({@code items}) or {@code maximum} seconds
 * worth ({@code time}), and sleeps in slices of at most 10 ms, returning early when the graph is asked to stop.
 */
@AutoService(BlockFactory.class)
public final class Throttle implements BlockFactory {
    static final long MAX_SLEEP_NANOS = 10_000_000L;

    /** Time source, replaceable in tests. */
    interface Clock extends Pace.Clock {}

    static final Pace.Clock SYSTEM_CLOCK = Pace.SYSTEM;

    @Override
    public String id() {
        return "throttle";
    }

    @Override
    public Block create(BlockSetup setup) {
        String limit = setup.has("limit") ? setup.string("limit") : "auto";
        double maximum = setup.has("maximum") ? setup.real("maximum") : 0;
        if (!limit.equals("auto") && !(maximum > 0 && maximum < 1e9)) {
            throw new IllegalArgumentException("throttle: the maximum per call (limit " + limit + ") must be a positive "
                    + "number, got " + maximum);
        }
        return new Limiter(StreamType.dtype(setup).storage(), checkedRate(setup.real("samples_per_second")), SYSTEM_CLOCK,
                limit, maximum);
    }

    static double checkedRate(double rate) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("throttle: samples per second must be a positive number, got " + rate);
        }
        return rate;
    }

    static final class Limiter implements Block {
        private final Dtype.Storage storage;
        private final Pace.Clock clock;
        /** {@code auto}, {@code items} or {@code time}: what bounds the items of one call (GNU Radio's throttle2). */
        private final String limit;
        private final double maximum;
        private double rate;
        private int maxChunk;
        private boolean started;
        /** Start of the current schedule, and items passed since then. */
        private long t0;
        private long passed;

        Limiter(Dtype.Storage storage, double rate, Pace.Clock clock) {
            this(storage, rate, clock, "auto", 0);
        }

        Limiter(Dtype.Storage storage, double rate, Pace.Clock clock, String limit, double maximum) {
            this.storage = storage;
            this.clock = clock;
            this.limit = limit;
            this.maximum = maximum;
            setRate(rate);
        }

        private void setRate(double rate) {
            this.rate = rate;
            double perCall = switch (limit) {
                case "items" -> maximum;
                case "time" -> rate * maximum;
                default -> rate * (MAX_SLEEP_NANOS / 1e9);
            };
            this.maxChunk = (int) Math.max(1, Math.min(1 << 20, perCall));
            this.started = false; // a new rate starts a new schedule at the next call
        }

        /** Release time of the item after the first {@code items} of this schedule. */
        long due(long items) {
            return t0 + (long) Math.ceil(items * 1e9 / rate);
        }

        /** Items of this schedule released by {@code now}. */
        long releasedBy(long now) {
            return (long) Math.floor((now - t0) * rate / 1e9);
        }

        @Override
        public WorkResult work(WorkIo io) throws InterruptedException {
            InputView in = io.in(0);
            int n = Math.min(Math.min(in.available(), io.out(0).space()), maxChunk);
            if (n == 0) {
                return in.available() == 0 && in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (!started) {
                t0 = clock.nanoTime();
                passed = 0;
                started = true;
            }
            long due = due(passed + n);
            for (long now = clock.nanoTime(); now < due; now = clock.nanoTime()) {
                if (io.stopRequested()) {
                    n = (int) Math.max(0, Math.min(n, releasedBy(now) - passed));
                    break;
                }
                clock.sleepNanos(Math.min(due - now, MAX_SLEEP_NANOS));
            }
            if (n > 0) {
                Items.copy(storage, in, io.out(0), n * in.itemSize());
                io.consume(0, n);
                io.produce(0, n);
                passed += n;
            }
            return WorkResult.CONTINUE;
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("samples_per_second")) {
                Block.super.applyParam(paramId, value);
            }
            setRate(checkedRate(value.asDouble()));
        }

        double rate() {
            return rate;
        }
    }
}

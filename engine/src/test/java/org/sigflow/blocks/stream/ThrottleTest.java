package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.WorkResult;

class ThrottleTest {

    /** Virtual time: sleeping advances it exactly, so the schedule is checked without wall-clock time. */
    static final class FakeClock implements Throttle.Clock {
        long now = 5_000_000_000L;
        final List<Long> sleeps = new ArrayList<>();

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long nanos) {
            sleeps.add(nanos);
            now += nanos;
        }
    }

    @Test
    void releasesItemsOnScheduleWithoutDriftInShortSleeps() throws Exception {
        FakeClock clock = new FakeClock();
        long start = clock.now;
        Throttle.Limiter t = new Throttle.Limiter(Dtype.Storage.FLOAT, 1000, clock);
        float[] x = new float[2500];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        BlockHarness h = BlockHarness.of(t).input(Dtype.F32, 1, x).output(Dtype.F32, 1).chunk(333).run();
        assertArrayEquals(x, h.floats(0));
        // 2500 items at 1000/s: released at exactly 2.5 s after the first call, not later (no accumulated rounding)
        assertEquals(2_500_000_000L, clock.now - start);
        assertTrue(clock.sleeps.stream().allMatch(s -> s > 0 && s <= 10_000_000L), "sleeps are slices of at most 10 ms");
    }

    @Test
    void neverAheadOfScheduleAndPassesAtMostTenMillisecondsPerCall() throws Exception {
        FakeClock clock = new FakeClock();
        Throttle.Limiter t = new Throttle.Limiter(Dtype.Storage.FLOAT, 48_000, clock);
        long start = clock.now;
        long[] before = {0};
        Block checked = io -> {
            WorkResult r = t.work(io);
            long total = io.out(0).position();
            assertTrue(total - before[0] <= 480, "at most 10 ms of items (480) per call");
            assertTrue(total <= t.releasedBy(clock.now), "item " + total + " released before its time");
            before[0] = total;
            return r;
        };
        BlockHarness h = BlockHarness.of(checked).input(Dtype.F32, 1, new float[10_000]).output(Dtype.F32, 1).chunk(4096).run();
        assertEquals(10_000, h.produced(0));
        assertEquals(10_000 / 48_000.0, (clock.now - start) / 1e9, 1e-6);
    }

    /** GNU Radio's throttle2 limits: at most maximum items, or maximum seconds worth, per call; still on schedule. */
    @Test
    void throttle2LimitsBoundTheItemsOfOneCall() throws Exception {
        for (String[] c : new String[][] {{"items", "1000", "1000"}, {"time", "0.05", "1500"}}) {
            FakeClock clock = new FakeClock();
            Throttle.Limiter t = new Throttle.Limiter(Dtype.Storage.FLOAT, 30_000, clock, c[0], Double.parseDouble(c[1]));
            long start = clock.now;
            List<Long> calls = new ArrayList<>();
            Block checked = io -> {
                long before = io.out(0).position();
                WorkResult r = t.work(io);
                calls.add(io.out(0).position() - before);
                return r;
            };
            BlockHarness h = BlockHarness.of(checked).input(Dtype.F32, 1, new float[6000]).output(Dtype.F32, 1)
                    .chunk(8192).run();
            assertEquals(6000, h.produced(0));
            int most = Integer.parseInt(c[2]);
            assertEquals(most, calls.stream().mapToLong(Long::longValue).max().orElseThrow(), c[0]);
            assertEquals(6000 / 30_000.0, (clock.now - start) / 1e9, 1e-6, c[0] + ": on schedule");
        }
    }

    @Test
    void rateChangeStartsANewSchedule() throws Exception {
        FakeClock clock = new FakeClock();
        Throttle.Limiter t = new Throttle.Limiter(Dtype.Storage.FLOAT, 1000, clock);
        BlockHarness.of(t).input(Dtype.F32, 1, new float[100]).output(Dtype.F32, 1).run();
        long afterFirst = clock.now;
        t.applyParam("samples_per_second", Value.of(10_000L));
        BlockHarness.of(t).input(Dtype.F32, 1, new float[1000]).output(Dtype.F32, 1).run();
        assertEquals(100_000_000L, clock.now - afterFirst);
        assertThrows(IllegalArgumentException.class, () -> t.applyParam("samples_per_second", Value.of(0L)));
        assertEquals(10_000, t.rate());
    }

    @Test
    void returnsPromptlyWhenStopIsRequested() throws Exception {
        FakeClock clock = new FakeClock();
        Throttle.Limiter t = new Throttle.Limiter(Dtype.Storage.FLOAT, 10, clock);
        int[] calls = {0};
        BlockHarness h = BlockHarness.of(t).input(Dtype.F32, 1, new float[100]).output(Dtype.F32, 1)
                .stopRequested(() -> ++calls[0] > 3).maxCalls(5).run();
        assertFalse(h.finishedByItself());
        assertTrue(clock.now - 5_000_000_000L <= 30_000_000L, "at most 3 sleep slices before noticing the stop");
        assertTrue(h.produced(0) <= 1);
    }

    @Test
    void limitsTheRateInRealTime() throws Exception {
        long t0 = System.nanoTime();
        BlockHarness h = BlockHarness.of(Setups.create("throttle", "type", "cf32", "samples_per_second", 100_000.0, "vlen", 1))
                .input(Dtype.CF32, 1, new float[2 * 20_000]).output(Dtype.CF32, 1).chunk(4096).run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(20_000, h.produced(0));
        assertTrue(seconds >= 0.15, "20,000 items at 100,000/s took only " + seconds + " s");
    }
}

package org.sigflow.blocks.misc;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.dsp.Xoroshiro128p;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code test_tag_variable_rate}: GNU Radio's {@code test_tag_variable_rate_ff}, a test block of random rate. The
 * rate starts at 0.5 and steps up or down by {@code step} (not below {@code step}) on each coin of GNU Radio's
 * xoroshiro128+ seeded with 4 — per input sample, or with {@code once} per work call; an input is kept whenever the
 * accumulated rate reaches 1. Tags as GNU Radio places them: those from the previous kept input up to (not
 * including) this one go on the previous output. GNU Radio adds them to an item it has already written; here that
 * item is held back until the next kept input (or the end), so the samples and tags are the same.
 */
public final class TestTagVariableRate implements Block {
    private final boolean once;
    private final double step;
    private final Xoroshiro128p rng = new Xoroshiro128p(4);
    private double rate = 0.5;
    private double accum;
    private boolean holding;
    private float held;
    private final List<Tag> pending = new ArrayList<>();

    TestTagVariableRate(boolean once, double step) {
        this.once = once;
        this.step = step;
    }

    private void update() {
        if (rng.nextAboveHalf()) {
            rate += step;
        } else {
            rate -= step;
            if (rate < step) {
                rate = step;
            }
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        int avail = io.in(0).available();
        int space = io.out(0).space();
        if (avail == 0 && io.in(0).finished()) {
            if (holding) {
                if (space == 0) {
                    return WorkResult.CONTINUE;
                }
                io.out(0).floats()[io.out(0).offset()] = held;
                io.produce(0, 1);
                holding = false;
            }
            return WorkResult.DONE;
        }
        int n = Math.min(avail, space);
        if (n == 0) {
            return WorkResult.CONTINUE;
        }
        if (once) {
            update();
        }
        long first = io.in(0).position();
        List<Tag> tags = io.in(0).tags(n);
        int nextTag = 0;
        float[] x = io.in(0).floats();
        int xi = io.in(0).offset();
        float[] y = io.out(0).floats();
        int yo = io.out(0).offset();
        int produced = 0;
        for (int i = 0; i < n; i++) {
            if (!once) {
                update();
            }
            accum += rate;
            if (accum >= 1.0) {
                long k = first + i;
                while (nextTag < tags.size() && tags.get(nextTag).offset() < k) {
                    pending.add(tags.get(nextTag++));
                }
                if (holding) {
                    long at = io.out(0).position() + produced;
                    pending.forEach(t -> io.out(0).addTag(at, t.key(), t.value()));
                    pending.clear();
                    y[yo + produced++] = held;
                }
                held = x[xi + i];
                holding = true;
                accum -= 1.0;
            }
        }
        while (nextTag < tags.size()) {
            pending.add(tags.get(nextTag++));
        }
        io.consume(0, n);
        io.produce(0, produced);
        return WorkResult.CONTINUE;
    }

    @Override
    public double relativeRate() {
        return 0.5;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "test_tag_variable_rate";
        }

        @Override
        public Block create(BlockSetup s) {
            double step = s.real("step");
            if (!(step > 0)) {
                throw new IllegalArgumentException("test_tag_variable_rate: step must be > 0, got " + step);
            }
            return new TestTagVariableRate(s.bool("once"), step);
        }
    }
}

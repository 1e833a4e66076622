package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.util.SplittableRandom;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code random_source}: {@code num_samps} integers drawn uniformly from {@code [minimum, maximum)}, played once or repeated,
 * as GNU Radio's analog random source (a vector source of {@code numpy.random.randint(min, max, num_samps)}). GNU
 * Radio draws unseeded; here {@code seed} makes the sequence reproducible (same seed, same values).
 */
@AutoService(BlockFactory.class)
public final class RandomSource implements BlockFactory {

    @Override
    public String id() {
        return "random_source";
    }

    @Override
    public Block create(BlockSetup s) {
        Dtype type = StreamType.dtype(s, Dtype.U8, Dtype.S16, Dtype.S32);
        long min = s.longValue("minimum");
        long max = s.longValue("maximum");
        int count = s.integer("num_samps");
        String name = "random_source '" + s.instanceId() + "'";
        if (max <= min || count < 1) {
            throw new IllegalArgumentException(name + ": needs minimum < maximum and at least one sample (minimum " + min
                    + ", maximum " + max + ", num_samps " + count + ")");
        }
        SplittableRandom random = new SplittableRandom(s.longValue("seed"));
        if (type == Dtype.S32) {   // exactly: a float would round values beyond 2^24
            int[] ints = new int[count];
            for (int i = 0; i < count; i++) {
                ints[i] = (int) random.nextLong(min, max);
            }
            return new VectorSource.Player(ints, count, 1, s.bool("repeat"), VectorSourceTags.NONE);
        }
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = random.nextLong(min, max);
        }
        return new VectorSource.Player(VectorSource.integers(type, values), count, 1, s.bool("repeat"),
                VectorSourceTags.NONE);
    }
}

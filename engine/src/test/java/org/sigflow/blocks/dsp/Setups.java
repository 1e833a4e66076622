package org.sigflow.blocks.dsp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** Builds blocks for tests from plain Java parameter values. */
final class Setups {
    private Setups() {}

    /** {@code kv}: id, value, id, value, ... (Number, String, Boolean or an existing Value). */
    static Block create(BlockFactory factory, Object... kv) throws Exception {
        Map<String, Value> params = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            params.put((String) kv[i], value(kv[i + 1]));
        }
        return factory.create(new BlockSetup("t", factory.id(), params, List.of(), List.of(), null));
    }

    static Value value(Object o) {
        return switch (o) {
            case Value v -> v;
            case Integer i -> Value.of((long) i);
            case Long l -> Value.of((long) l);
            case Number n -> Value.of(n.doubleValue());
            case Boolean b -> Value.of((boolean) b);
            case String s -> Value.of(s);
            default -> throw new IllegalArgumentException(o.toString());
        };
    }

    static Value realList(float[] v) {
        List<Value> items = new ArrayList<>();
        for (float f : v) {
            items.add(Value.of((double) f));
        }
        return new Value.ListValue(items);
    }

    static Value realList(double[] v) {
        List<Value> items = new ArrayList<>();
        for (double d : v) {
            items.add(Value.of(d));
        }
        return new Value.ListValue(items);
    }

    static Value complexList(float[] interleaved) {
        List<Value> items = new ArrayList<>();
        for (int i = 0; i < interleaved.length; i += 2) {
            items.add(Value.of(interleaved[i], interleaved[i + 1]));
        }
        return new Value.ListValue(items);
    }
}

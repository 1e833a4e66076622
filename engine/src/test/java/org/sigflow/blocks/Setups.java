package org.sigflow.blocks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;

/** Builds blocks for tests from plain Java param values, through the registry as the engine does. */
public final class Setups {
    private static final BlockRegistry REGISTRY = BlockRegistry.load();

    private Setups() {}

    /** {@code create("add", "type", "f32", "num_inputs", 3)}: ints, doubles, booleans, strings, Values, float lists. */
    public static Block create(String blockId, Object... keyValues) throws Exception {
        return factory(blockId).create(setup(blockId, keyValues));
    }

    public static BlockFactory factory(String blockId) {
        return REGISTRY.find(blockId).orElseThrow(() -> new AssertionError("no factory for " + blockId));
    }

    public static BlockSetup setup(String blockId, Object... keyValues) {
        Map<String, Value> params = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.put((String) keyValues[i], value(keyValues[i + 1]));
        }
        return new BlockSetup(blockId + "_0", blockId, params, List.of(), List.of(), Path.of("."));
    }

    /** A complex number param. */
    public static Value complex(double re, double im) {
        return Value.of(re, im);
    }

    /** A list of complex numbers from interleaved re/im pairs. */
    public static Value complexList(float... interleaved) {
        List<Value> items = new ArrayList<>();
        for (int i = 0; i < interleaved.length; i += 2) {
            items.add(Value.of(interleaved[i], interleaved[i + 1]));
        }
        return new Value.ListValue(items);
    }

    /** A list of reals. */
    public static Value realList(float... values) {
        List<Value> items = new ArrayList<>();
        for (float v : values) {
            items.add(Value.of(v));
        }
        return new Value.ListValue(items);
    }

    static Value value(Object o) {
        return switch (o) {
            case Value v -> v;
            case Integer i -> Value.of(i.longValue());
            case Long l -> Value.of(l.longValue());
            case Double d -> Value.of(d.doubleValue());
            case Boolean b -> Value.of(b.booleanValue());
            case String s -> Value.of(s);
            case Path p -> Value.of(p.toString());
            default -> throw new IllegalArgumentException("unsupported test param " + o);
        };
    }
}

package org.sigflow.runtime;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sigflow.expr.Value;

/**
 * What a {@link BlockFactory} gets to build one block instance: evaluated parameters, resolved ports, and the folder
 * that relative file paths in the graph resolve against.
 */
public record BlockSetup(String instanceId, String blockId, Map<String, Value> params, List<PortSpec> inputs,
                         List<PortSpec> outputs, Path baseDir) {

    public BlockSetup {
        params = Map.copyOf(params);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    public Value param(String id) {
        Value v = params.get(id);
        if (v == null) {
            throw new IllegalArgumentException("block '" + instanceId + "' (" + blockId + ") has no parameter '" + id + "'");
        }
        return v;
    }

    public boolean has(String id) {
        return params.containsKey(id);
    }

    public double real(String id) {
        return param(id).asDouble();
    }

    public int integer(String id) {
        return param(id).asInt();
    }

    public long longValue(String id) {
        return param(id).asLong();
    }

    public boolean bool(String id) {
        return param(id).asBoolean();
    }

    public String string(String id) {
        return param(id).asString();
    }

    /** Real and imaginary part of a (possibly real) number. */
    public double[] complex(String id) {
        Value v = param(id);
        return new double[] {v.re(), v.im()};
    }

    /** A list param (or a single number) as reals. */
    public float[] reals(String id) {
        List<Value> items = param(id).asList();
        float[] out = new float[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) items.get(i).asDouble();
        }
        return out;
    }

    /** A list param (or a single number) as interleaved re/im pairs. */
    public float[] complexes(String id) {
        List<Value> items = param(id).asList();
        float[] out = new float[2 * items.size()];
        for (int i = 0; i < items.size(); i++) {
            out[2 * i] = (float) items.get(i).re();
            out[2 * i + 1] = (float) items.get(i).im();
        }
        return out;
    }

    /** A file path param, resolved against the graph file's folder when relative. */
    public Path path(String id) {
        Path p = Path.of(string(id));
        return p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p).normalize();
    }

    public PortSpec input(int i) {
        return inputs.get(i);
    }

    public PortSpec output(int i) {
        return outputs.get(i);
    }
}

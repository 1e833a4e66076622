package org.sigflow.blocks.digital;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;

/**
 * GNU Radio's {@code digital.modulate_vector_bc(generic_mod(...), data, taps)} (GRC's variable_modulate_vector),
 * computed without Python: SigFlow's constellation_modulator run over the bytes to their end, then a FIR of the real
 * taps with zero initial state (fir_filter_ccf, same length). The expression function
 * {@code modulate_vector(points, symbol_map, normalization, differential, sps, excess_bw, data, taps)} returns the
 * samples as a complex list; normalization is 'amplitude', 'power' or 'none', an empty symbol map applies none.
 */
public final class ModulateVector {
    /** Most samples one call computes (a sync word is a few hundred): a bound on evaluation time and memory. */
    private static final int MAX_SAMPLES = 1 << 22;

    private ModulateVector() {}

    /** The expression function's body; bad arguments throw IllegalArgumentException or ValueTypeException. */
    public static Value apply(List<Value> a) {
        float[] points = complexes(a.get(0).asList());
        List<Value> mapValues = a.get(1).asList();
        int[] map = new int[mapValues.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = mapValues.get(i).asInt();
        }
        double sps = a.get(4).asDouble();
        double excessBw = a.get(5).asDouble();
        if (!(sps >= 2) || !(excessBw > 0 && excessBw <= 1)) {
            throw new IllegalArgumentException("modulate_vector: samples per symbol must be at least 2 and excess bandwidth in (0, 1],"
                    + " got " + sps + " and " + excessBw);
        }
        List<Value> dataValues = a.get(6).asList();
        int[] data = new int[dataValues.size()];
        for (int i = 0; i < data.length; i++) {
            data[i] = dataValues.get(i).asInt();
        }
        if (data.length * 8.0 * sps > MAX_SAMPLES || sps > MAX_SAMPLES / 1024.0) {
            throw new IllegalArgumentException("modulate_vector: " + data.length + " bytes at " + sps
                    + " samples per symbol exceed the " + MAX_SAMPLES + " samples it computes at most");
        }
        List<Value> tapValues = a.get(7).asList();
        float[] taps = new float[tapValues.size()];
        for (int i = 0; i < taps.length; i++) {
            taps[i] = (float) tapValues.get(i).asDouble();
        }
        Constellation c = Constellation.calcdist(points, map, 1, a.get(2).asString(), "modulate_vector");
        if (c.bitsPerSymbol() < 1 || c.bitsPerSymbol() > 8) {
            throw new IllegalArgumentException("modulate_vector: the constellation needs 2 to 256 points");
        }
        float[] x = new ConstellationModulator(c, a.get(3).asBoolean(), sps, excessBw, false, "modulate_vector")
                .modulateAll(data);
        List<Value> out = new ArrayList<>();
        for (int k = 0; k < x.length / 2; k++) {
            float re = 0;
            float im = 0;
            for (int j = 0; j < taps.length && j <= k; j++) {
                re += taps[j] * x[2 * (k - j)];
                im += taps[j] * x[2 * (k - j) + 1];
            }
            out.add(Value.of(re, im));
        }
        return new Value.ListValue(out);
    }

    private static float[] complexes(List<Value> items) {
        float[] out = new float[2 * items.size()];
        for (int i = 0; i < items.size(); i++) {
            out[2 * i] = (float) items.get(i).re();
            out[2 * i + 1] = (float) items.get(i).im();
        }
        return out;
    }
}

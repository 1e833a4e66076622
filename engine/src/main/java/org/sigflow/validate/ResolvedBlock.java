package org.sigflow.validate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.BlockDef;
import org.sigflow.expr.Value;

/**
 * A block instance ready to build.
 *
 * @param params every param of the catalog entry, evaluated and checked, in catalog order
 */
public record ResolvedBlock(String id, BlockDef def, Map<String, Value> params, List<ResolvedPort> inputs,
                            List<ResolvedPort> outputs) {

    public ResolvedBlock {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    public int inputIndex(String portName) {
        return indexOf(inputs, portName);
    }

    public int outputIndex(String portName) {
        return indexOf(outputs, portName);
    }

    private static int indexOf(List<ResolvedPort> ports, String name) {
        for (int i = 0; i < ports.size(); i++) {
            if (ports.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}

package org.sigflow.blocks.variables;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;

/** Variables' values to and from XML-RPC's, as GNU Radio's Python top block passes them. */
final class XmlRpcValues {
    private XmlRpcValues() {}

    /**
     * An XML-RPC argument as a SigFlow expression (a literal): numbers, booleans, strings and arrays of them.
     *
     * @throws IllegalArgumentException for a struct, nil, base64 or date, which no SigFlow variable holds
     */
    static String expression(Object x) {
        return switch (x) {
            case Long l -> Value.of(l).display();
            case Double d -> Value.of(d).display();
            case Boolean b -> Value.of(b).display();
            case String s -> Value.of(s).display();
            case List<?> l -> {
                List<String> items = new ArrayList<>();
                l.forEach(i -> items.add(expression(i)));
                yield "[" + String.join(", ", items) + "]";
            }
            case null -> throw new IllegalArgumentException("nil (None) is not a value a SigFlow variable holds");
            case java.util.Map<?, ?> m -> throw new IllegalArgumentException("a struct (dict) is not a value a SigFlow "
                    + "variable holds");
            default -> throw new IllegalArgumentException("a " + (x instanceof byte[] ? "base64 (bytes)" : "date")
                    + " is not a value a SigFlow variable holds");
        };
    }

    /**
     * A variable's value as XML-RPC sends it: an integer as an int, a real as a double, lists as arrays.
     *
     * @throws IllegalArgumentException for a complex number, which XML-RPC cannot carry (Python: "cannot marshal")
     */
    static Object xmlRpc(Value v) {
        return switch (v) {
            case Value.Int i -> i.value();
            case Value.Real r -> r.value();
            case Value.Bool b -> b.value();
            case Value.Str s -> s.value();
            case Value.ListValue l -> l.items().stream().map(XmlRpcValues::xmlRpc).toList();
            case Value.Complex c -> throw new IllegalArgumentException("cannot marshal a complex number ("
                    + c.display() + "): XML-RPC has no complex type");
        };
    }
}

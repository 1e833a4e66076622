package org.sigflow.format;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;
import org.sigflow.graph.ViewLayout;

/** Random valid graphs for property tests: any text, any finite coordinates, unique ids. */
final class GraphArbitraries {
    private GraphArbitraries() {}

    /** Text with quotes, backslashes, control characters and non-ASCII, including astral (surrogate pair) ones. */
    static Arbitrary<String> text() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(12),
                Arbitraries.strings().withChars("\"\\\n\t\u0001/é€ ").ofMaxLength(6),
                Arbitraries.strings().all().ofMaxLength(6).filter(GraphArbitraries::wellFormed),
                Arbitraries.of("📡 sdr", "samp_rate / 2", "[1, 2, 3]", "'cf32'"));
    }

    private static boolean wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(++i))) {
                    return false;
                }
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    static Arbitrary<String> identifier() {
        return Combinators.combine(Arbitraries.strings().withCharRange('a', 'z').withChars('_').ofLength(1),
                Arbitraries.strings().withCharRange('a', 'z').numeric().withChars('_').ofMaxLength(8))
                .as(String::concat);
    }

    static Arbitrary<Double> coordinate() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-5000, 5000).map(Integer::doubleValue),
                Arbitraries.doubles().between(-1e6, 1e6),
                Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite), // any bit pattern
                Arbitraries.of(0.1, 1e-9, 5e-324, Double.MAX_VALUE, -0.0, 1e15, 1e16 + 2));
    }

    static Arbitrary<Map<String, String>> textMap(Arbitrary<String> keys) {
        return Combinators.combine(keys.list().ofMaxSize(4), text().list().ofSize(4)).as((k, v) -> {
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < k.size(); i++) {
                m.put(k.get(i), v.get(i));
            }
            return m;
        });
    }

    static Arbitrary<BlockInstance> block(String id) {
        return Combinators.combine(text().filter(t -> !t.isBlank()), textMap(text()),
                        Arbitraries.of(BlockState.class), coordinate(), coordinate(),
                        Arbitraries.of(0, 90, 180, 270), Arbitraries.oneOf(Arbitraries.just(null), text()))
                .as((type, params, state, x, y, rot, comment) ->
                        new BlockInstance(id, type, params, state, x, y, rot, comment));
    }

    static Arbitrary<ViewLayout> view(String id) {
        Arbitrary<Double> size = Arbitraries.doubles().between(1e-3, 1e5).ofScale(6);
        return Combinators.combine(Arbitraries.of(ViewLayout.KINDS), Arbitraries.oneOf(Arbitraries.just(null),
                                text()), coordinate(), coordinate(), size, size, textMap(text()))
                .as((kind, block, x, y, w, h, opts) -> new ViewLayout(id, kind, block, x, y, w, h, opts));
    }

    static Arbitrary<Graph> graphs() {
        Arbitrary<Metadata> metadata = Combinators.combine(text(), text(), text()).as(Metadata::new);
        Arbitrary<List<BlockInstance>> blocks = identifier().list().uniqueElements().ofMaxSize(5)
                .flatMap(ids -> Combinators.combine(ids.stream().map(GraphArbitraries::block).toList())
                        .as(l -> l));
        Arbitrary<List<Connection>> connections = Combinators.combine(text(), text(), text(), text())
                .as(Connection::new).list().ofMaxSize(4);
        Arbitrary<List<ViewLayout>> views = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(4).list()
                .uniqueElements().ofMaxSize(3)
                .flatMap(ids -> Combinators.combine(ids.stream().map(GraphArbitraries::view).toList()).as(l -> l));
        return Combinators.combine(metadata, textMap(identifier()), blocks, connections, views).as(Graph::new);
    }
}

package org.sigflow.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The block types known to this installation. Immutable. */
public final class Catalog {

    private static final Comparator<List<String>> PATH_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private final Map<String, BlockDef> byId;

    private Catalog(Collection<BlockDef> blocks) {
        Map<String, BlockDef> m = new LinkedHashMap<>();
        blocks.stream().sorted(Comparator.comparing(BlockDef::id)).forEach(b -> {
            if (m.putIfAbsent(b.id(), b) != null) {
                throw new IllegalArgumentException("duplicate block id '" + b.id() + "'");
            }
        });
        this.byId = m;
    }

    /** A catalog of the given blocks; ids must be unique. */
    public static Catalog of(Collection<BlockDef> blocks) {
        return new Catalog(blocks);
    }

    /** Every block type, sorted by id. */
    public List<BlockDef> all() {
        return List.copyOf(byId.values());
    }

    public Optional<BlockDef> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The distinct category paths in use, sorted (e.g. {@code [Filters], [Math Operators], [Sources]}). */
    public List<List<String>> categories() {
        return byId.values().stream().map(BlockDef::category).filter(c -> !c.isEmpty()).distinct()
                .sorted(PATH_ORDER).toList();
    }

    public int size() {
        return byId.size();
    }
}

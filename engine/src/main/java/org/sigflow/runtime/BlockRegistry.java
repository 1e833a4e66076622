package org.sigflow.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The block implementations on the class path, by catalog id. Factories register themselves with
 * {@code @AutoService(BlockFactory.class)}; nothing here names a block.
 */
public final class BlockRegistry {
    private final Map<String, BlockFactory> factories;

    private BlockRegistry(Map<String, BlockFactory> factories) {
        this.factories = Collections.unmodifiableMap(factories);
    }

    /** Every factory {@link ServiceLoader} finds. Two factories claiming one id is a packaging error. */
    public static BlockRegistry load() {
        Map<String, BlockFactory> map = new TreeMap<>();
        for (BlockFactory f : ServiceLoader.load(BlockFactory.class, BlockRegistry.class.getClassLoader())) {
            BlockFactory old = map.put(f.id(), f);
            if (old != null) {
                throw new IllegalStateException("two implementations claim block id '" + f.id() + "': "
                        + old.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        return new BlockRegistry(map);
    }

    public Optional<BlockFactory> find(String id) {
        return Optional.ofNullable(factories.get(id));
    }

    /** Implemented ids, sorted. */
    public java.util.Set<String> ids() {
        return factories.keySet();
    }
}

package org.sigflow.runtime;

/**
 * Creates running blocks of one catalog id. Implementations register with
 * {@code @AutoService(BlockFactory.class)}: the runtime finds them through {@link java.util.ServiceLoader} by
 * {@link #id()}, never through a central switch. A catalog entry without a factory, or a factory without a
 * catalog entry, fails {@code CatalogImplementationTest}.
 */
public interface BlockFactory {

    /** The catalog id this factory implements, e.g. {@code multiply_const}. */
    String id();

    /**
     * Builds a block for one instance. Parameters are already evaluated and validated against the catalog
     * (types, ranges, options), port dtypes and vector lengths resolved.
     *
     * @throws IllegalArgumentException for a parameter combination the block cannot run (message in user words)
     */
    Block create(BlockSetup setup) throws Exception;
}

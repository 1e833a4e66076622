package org.sigflow.format;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Upgrades the JSON tree of a {@code .graph} file by one format version. Migrations work on the tree before it is
 * read into the model, so the model only ever knows the current layout.
 */
public interface FormatMigration {

    /** The version this migration reads; it produces {@code fromVersion() + 1}. */
    int fromVersion();

    /**
     * Rewrites {@code root} (it may be modified in place and returned, or replaced). The chain sets
     * {@code "version"} afterwards; a migration need not.
     *
     * @throws IllegalArgumentException with a user-facing message if the old file cannot be upgraded
     */
    ObjectNode migrate(ObjectNode root);
}

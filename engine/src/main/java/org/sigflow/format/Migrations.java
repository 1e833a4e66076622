package org.sigflow.format;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The chain of {@link FormatMigration}s from version 1 to the current version. Version 1 is the first version, so
 * the production chain is empty; tests build longer chains to exercise the mechanism.
 */
public final class Migrations {

    private static final Migrations STANDARD = new Migrations(List.of());

    private final List<FormatMigration> steps;

    /**
     * @param steps migrations from version 1 upwards, in order: {@code steps.get(i).fromVersion() == i + 1}
     */
    public Migrations(List<FormatMigration> steps) {
        this.steps = List.copyOf(steps);
        for (int i = 0; i < this.steps.size(); i++) {
            if (this.steps.get(i).fromVersion() != i + 1) {
                throw new IllegalArgumentException("migration " + i + " must start at version " + (i + 1)
                        + ", starts at " + this.steps.get(i).fromVersion());
            }
        }
    }

    /** The chain this build of SigFlow uses. */
    public static Migrations standard() {
        return STANDARD;
    }

    /** The newest version: files of this version are read as they are. */
    public int currentVersion() {
        return steps.size() + 1;
    }

    /** Upgrades {@code root} from {@code version} to {@link #currentVersion()}. */
    ObjectNode upgrade(ObjectNode root, int version) {
        ObjectNode tree = root;
        for (int v = version; v < currentVersion(); v++) {
            tree = steps.get(v - 1).migrate(tree);
            tree.put("version", v + 1);
        }
        return tree;
    }
}

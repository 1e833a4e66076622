package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class MigrationsTest {

    /** A made-up version 1 that kept the title at the top level; "version 2" is today's layout. */
    private static final FormatMigration TITLE_INTO_METADATA = new FormatMigration() {
        @Override
        public int fromVersion() {
            return 1;
        }

        @Override
        public ObjectNode migrate(ObjectNode root) {
            ObjectNode metadata = root.putObject("metadata");
            metadata.set("title", root.remove("title"));
            return root;
        }
    };

    @Test
    void productionChainIsEmpty() {
        assertEquals(GraphFormat.CURRENT_VERSION, Migrations.standard().currentVersion());
    }

    @Test
    void olderFilesAreMigratedOnOpen() throws Exception {
        GraphReader reader = new GraphReader(new Migrations(List.of(TITLE_INTO_METADATA)));
        LoadedGraph g = reader.read("""
                {"format": "sigflow-graph", "version": 1, "title": "Old", "blocks": []}
                """, "old.graph");
        assertEquals("Old", g.graph().metadata().title());
        assertEquals(List.of(), g.warnings());

        LoadedGraph current = reader.read("""
                {"format": "sigflow-graph", "version": 2, "metadata": {"title": "New"}, "blocks": []}
                """, "new.graph");
        assertEquals("New", current.graph().metadata().title());

        GraphFormatException e = assertThrows(GraphFormatException.class, () -> reader.read("""
                {"format": "sigflow-graph", "version": 3, "blocks": []}""", "future.graph"));
        assertEquals("this file was saved by a newer SigFlow (format version 3); this version reads up to 2. "
                + "Open it with a newer SigFlow", e.problems().getFirst().message());
    }

    @Test
    void aFailingMigrationIsAFormatProblem() {
        FormatMigration broken = new FormatMigration() {
            @Override
            public int fromVersion() {
                return 1;
            }

            @Override
            public ObjectNode migrate(ObjectNode root) {
                throw new IllegalArgumentException("the old 'taps' list is not readable");
            }
        };
        GraphReader reader = new GraphReader(new Migrations(List.of(broken)));
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> reader.read("""
                {"format": "sigflow-graph", "version": 1, "blocks": []}""", "old.graph"));
        assertEquals("this file of format version 1 cannot be upgraded: the old 'taps' list is not readable",
                e.problems().getFirst().message());
    }

    @Test
    void chainMustBeContiguous() {
        FormatMigration fromTwo = new FormatMigration() {
            @Override
            public int fromVersion() {
                return 2;
            }

            @Override
            public ObjectNode migrate(ObjectNode root) {
                return root;
            }
        };
        assertThrows(IllegalArgumentException.class, () -> new Migrations(List.of(fromTwo)));
    }
}

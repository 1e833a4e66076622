package org.sigflow.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code -Dsigflow.cuda.launch}: its values, its default, and the message for a mistyped one. */
class LaunchPathTest {
    @Test
    void valuesAndDefault() {
        assertEquals(LaunchPath.GRAPH, LaunchPath.parse(null));
        assertEquals(LaunchPath.GRAPH, LaunchPath.parse(" "));
        assertEquals(LaunchPath.GRAPH, LaunchPath.parse("Graph"));
        assertEquals(LaunchPath.FFM, LaunchPath.parse("ffm"));
        assertEquals(LaunchPath.JCUDA, LaunchPath.parse(" JCUDA "));
        assertTrue(LaunchPath.GRAPH.ffm() && LaunchPath.FFM.ffm() && !LaunchPath.JCUDA.ffm());
    }

    @Test
    void aMistypedValueNamesThePropertyAndItsChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchPath.parse("grpah"));
        assertEquals("sigflow.cuda.launch must be graph, ffm or jcuda, not 'grpah'", e.getMessage());
    }
}

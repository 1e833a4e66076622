package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.expr.Expression;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;

/** epy_block imports as a placeholder that shows its Python code, and the graph then does not validate. */
class PythonPlaceholderTest {
    private static final String GRC = """
            blocks:
            - name: blk
              id: epy_block
              parameters: {_source_code: "import numpy as np\\nclass blk: pass\\n", gain: '2'}
              states: {coordinate: [100, 50], rotation: 0, state: enabled}
            - name: src
              id: analog_sig_source_x
              parameters: {type: complex, samp_rate: '32000', waveform: analog.GR_COS_WAVE, freq: '1000', amp: '1',
                offset: '0', phase: '0'}
            connections:
            - [src, '0', blk, '0']
            metadata: {file_format: 1}
            """;

    @TempDir
    Path tmp;

    @Test
    void theCodeIsKeptToReadAndTheGraphCannotRun() throws Exception {
        Engine engine = Engine.loadDefault();
        ImportResult r = engine.grcImporter().importText(GRC, "py.grc");
        BlockInstance blk = r.graph().block("blk").orElseThrow();
        assertEquals("python_placeholder", blk.type());
        assertEquals(Map.of("grc_type", "'epy_block'", "source_code", "'import numpy as np\\nclass blk: pass\\n'"),
                blk.params());
        // the param is a SigFlow string literal whose value is the Python text, character for character
        assertEquals(new Value.Str("import numpy as np\nclass blk: pass\n"),
                Expression.parse(blk.params().get("source_code")).evaluate(Map.of()));
        assertTrue(blk.comment().contains("Python code is in the read-only source_code param"), blk.comment());
        assertFalse(r.report().complete());
        assertEquals(1, r.report().unmappedTypes().get("epy_block"));
        assertTrue(r.report().attention().stream().anyMatch(i -> i.subject().startsWith("block blk")
                && i.message().contains("placeholder that shows its Python code")));

        Path file = tmp.resolve("py.grc");
        Files.writeString(file, GRC);
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(file, Map.of()));
        assertTrue(String.join("\n", e.problems()).contains("stands for GRC Python code, which SigFlow never runs"),
                String.join("\n", e.problems()));
    }
}

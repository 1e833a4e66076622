package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;

/** fft_vxx's window: a window.* call is a named window; any other list (demo_ofdm.grc) is window custom + taps. */
class GrcFftWindowImportTest {
    @Test
    void anExplicitWindowListBecomesCustomTaps() throws Exception {
        Path f = Path.of(getClass().getResource("/grc/examples/gr-channels/examples/demo_ofdm.grc").toURI());
        ImportResult r = GrcImporter.loadDefault().importFile(f);
        BlockInstance fft = r.graph().blocks().stream().filter(b -> b.id().equals("fft_fft_vxx_0")).findFirst()
                .orElseThrow();
        assertEquals("custom", fft.params().get("window"));
        assertEquals("fft_size*[1.0/sqrt(fft_size)]", fft.params().get("window_taps"));
        assertFalse(r.report().lines().stream().anyMatch(l -> l.contains("window")), r.report().lines().toString());
    }

    @Test
    void aWindowCallStaysANamedWindowWithoutTaps() throws Exception {
        Path f = Path.of(getClass().getResource("/grc/examples/gr-dtv/examples/dvbt_rx_8k.grc").toURI());
        BlockInstance fft = GrcImporter.loadDefault().importFile(f).graph().blocks().stream()
                .filter(b -> b.id().equals("fft_vxx_0")).findFirst().orElseThrow();
        assertEquals("rectangular", fft.params().get("window"));
        assertFalse(fft.params().containsKey("window_taps"));
    }
}

package org.sigflow.app.panels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Value;

class ValuePreviewTest {
    private static final ParamDef FREQ = new ParamDef("freq", "Frequency", ParamType.REAL, "0", List.of(), List.of(),
            0.0, null, "Hz", true, "General", "");

    @Test
    void showsTheEvaluatedValueWithAnEngineeringReading() {
        ValuePreview p = ValuePreview.of(FREQ, "samp_rate / 4", Map.of("samp_rate", Value.of(2.4e6)));
        assertEquals("= 600000.0 Hz (600 kHz)", p.text());
        assertEquals(false, p.error());
        assertEquals("= 12.5 Hz", ValuePreview.of(FREQ, "12.5", Map.of()).text());
    }

    @Test
    void showsTheEnginesMessageForBadValues() {
        ValuePreview range = ValuePreview.of(FREQ, "-5", Map.of());
        assertEquals(true, range.error());
        assertEquals("param 'freq' = -5.0 is below the minimum 0", range.text());
        ValuePreview unknown = ValuePreview.of(FREQ, "nope * 2", Map.of());
        assertEquals(true, unknown.error());
        assertEquals(true, unknown.text().contains("nope"), unknown.text());
    }
}

package org.sigflow.sigmf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sigflow.format.FormatProblem;

/** Reading metadata in the form of SigMF's own examples, and bad metadata reported at its JSON path and line. */
class SigmfMetaReaderTest {
    /** Shaped like the spec's example: two captures (a retune), one annotation with frequency edges. */
    static final String EXAMPLE = """
            {
                "global": {
                    "core:datatype": "cf32_le",
                    "core:sample_rate": 10000000,
                    "core:version": "1.2.0",
                    "core:description": "An example recording",
                    "core:author": "Jane Doe",
                    "my-ns:antenna_height": 12.5
                },
                "captures": [
                    {"core:sample_start": 0, "core:frequency": 900000000, "core:datetime": "2017-02-01T11:33:17.053Z"},
                    {"core:sample_start": 100000, "core:frequency": 950000000}
                ],
                "annotations": [
                    {"core:sample_start": 1000, "core:sample_count": 1200, "core:freq_lower_edge": 899.9e6,
                     "core:freq_upper_edge": 900.1e6, "core:label": "burst", "core:comment": "a comment"}
                ]
            }
            """;

    @Test
    void readsTheExample() throws Exception {
        SigmfMetadata m = SigmfMetaReader.read(EXAMPLE, "ex.sigmf-meta");
        assertEquals("cf32_le", m.datatype().id());
        assertEquals(10e6, m.sampleRate());
        assertEquals(900e6, m.centerFrequency());
        assertEquals("Jane Doe", m.author());
        assertEquals(List.of(new SigmfCapture(0, 900e6, "2017-02-01T11:33:17.053Z", 0),
                new SigmfCapture(100000, 950e6, null, 0)), m.captures());
        assertEquals(List.of(new SigmfAnnotation(1000, 1200, "burst", "a comment", 899.9e6, 900.1e6)),
                m.annotations());
    }

    @Test
    void writerOutputReadsBackTheSame() throws Exception {
        SigmfMetadata m = SigmfMetaReader.read(EXAMPLE, "ex.sigmf-meta");
        SigmfMetadata again = SigmfMetaReader.read(SigmfMetaWriter.write(m), "written");
        assertEquals(m, again);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // text replaced in EXAMPLE | JSON path | line | part of the message
            "\"cf32_le\"|\"cf32\"|$.global['core:datatype']|3|needs a byte order",
            "\"core:version\": \"1.2.0\",||$.global|2|'core:version' is missing",
            "10000000|-5|$.global['core:sample_rate']|4|between 1 and 1e12",
            "{\"core:sample_start\": 100000, |{\"core:sample_start\": -3, |$.captures[1]['core:sample_start']|12|non-negative integer",
            "\"core:sample_start\": 100000|\"core:sample_start\": 0|$.captures[1]['core:sample_start']|12|ascending",
            "11:33:17.053Z|11:33:17.053+01:00|$.captures[0]['core:datetime']|11|UTC date and time",
            "900000000,|\"900 MHz\",|$.captures[0]['core:frequency']|11|must be a number",
            "\"core:freq_lower_edge\": 899.9e6|\"core:freq_lower_edge\": 901e6|$.annotations[0]['core:freq_lower_edge']|15|lower frequency edge",
            "\"core:label\": \"burst\"|\"core:label\": 7|$.annotations[0]['core:label']|16|must be a string",
            "\"core:sample_start\": 1000,|\"core:x\": 1,|$.annotations[0]|15|'core:sample_start' is missing",
    })
    void badMetadataIsLocated(String from, String to, String path, int line, String message) {
        String text = EXAMPLE.replace(from, to == null ? "" : to);
        assertTrue(!text.equals(EXAMPLE), "the test edit applies");
        SigmfException e = assertThrows(SigmfException.class, () -> SigmfMetaReader.read(text, "bad.sigmf-meta"));
        assertEquals(1, e.problems().size(), e.getMessage());
        FormatProblem p = e.problems().getFirst();
        assertEquals(path, p.path(), e.getMessage());
        assertEquals(line, p.line(), e.getMessage());
        assertTrue(p.message().contains(message), p.message());
        assertTrue(e.getMessage().startsWith("bad.sigmf-meta: 1 problem(s)"), e.getMessage());
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        String text = """
                {"global": {"core:datatype": "cf32"},
                 "captures": [{"core:frequency": 1e6}],
                 "annotations": {}}
                """;
        SigmfException e = assertThrows(SigmfException.class, () -> SigmfMetaReader.read(text, "x"));
        // in the order of the text
        assertEquals(List.of("$.global", "$.global['core:datatype']", "$.captures[0]", "$.annotations"),
                e.problems().stream().map(FormatProblem::path).toList(), e.getMessage());
    }

    @Test
    void syntaxErrorsAndNonObjectsAreLocated() {
        SigmfException e = assertThrows(SigmfException.class, () -> SigmfMetaReader.read("{\"global\": {,}}", "x"));
        assertEquals(1, e.problems().getFirst().line());
        SigmfException arr = assertThrows(SigmfException.class, () -> SigmfMetaReader.read("[1]", "x"));
        assertTrue(arr.getMessage().contains("'global', 'captures' and 'annotations'"), arr.getMessage());
    }
}

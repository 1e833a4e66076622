package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;

/**
 * GRC's {@code ival_decimator} (the first (re, im) pair of every {@code decimation} pairs) imports as
 * {@code keep_m_in_n} with m 2 of n 2·decimation; that block's output equals GNU Radio's ival_decimator's (cases
 * {@code ival_decimator_*} of {@code GnuRadioByteBlocksTest}).
 */
class GrcIvalDecimatorImportTest {

    @Test
    void ivalDecimatorIsKeepTwoInTwiceTheDecimation() throws Exception {
        String grc = """
                blocks:
                - {name: decim, id: variable, parameters: {value: '4'}}
                - {name: dec, id: ival_decimator, parameters: {datatype: short, decimation: decim}}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = GrcImporter.loadDefault().importText(grc, "ival.grc");
        assertEquals(List.of(), r.report().attention());
        BlockInstance b = r.graph().blocks().getFirst();
        assertEquals("keep_m_in_n", b.type());
        assertEquals(Map.of("type", "s16", "n", "2 * (decim)", "m", "2", "offset", "0"), b.params());
    }
}

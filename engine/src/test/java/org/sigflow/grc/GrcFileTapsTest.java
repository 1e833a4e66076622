package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * GRC's {@code variable_file_filter_taps}: the taps read when importing equal GNU Radio 3.10's
 * {@code file_taps_loader(...).get_taps()} of the same files (file_taps_gnuradio.json,
 * tools/reference/gen_gnuradio_file_taps.py; both parse the same decimal text, so exactly), and a file that is missing
 * or holds a row that is not numbers gets one message naming the variable, the file and the line.
 */
class GrcFileTapsTest {
    @TempDir
    Path tmp;

    private static Path resources() throws Exception {
        return Path.of(GrcFileTapsTest.class.getResource("/grc/filetaps").toURI());
    }

    private ImportResult importWithTaps(String file) throws Exception {
        String grc = """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '32000'}}
                - name: my_taps
                  id: variable_file_filter_taps
                  parameters: {file: '%s', verbose: 'False'}
                - name: filt
                  id: fir_filter_xxx
                  parameters: {decim: '1', samp_delay: '0', taps: my_taps, type: ccc}
                connections: []
                metadata: {file_format: 1}
                """.formatted(file);
        Path g = tmp.resolve("taps.grc");
        Files.writeString(g, grc);
        for (String name : List.of("complex_bandpass_taps", "real_taps.csv", "rows_of_numbers.txt", "bad_taps.csv")) {
            Files.copy(resources().resolve(name), tmp.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return GrcImporter.loadDefault().importFile(g);
    }

    @Test
    void tapsFilesGiveGnuRadiosTaps() throws Exception {
        JsonNode want = new ObjectMapper().readTree(resources().resolve("file_taps_gnuradio.json").toFile());
        for (String name : List.of("complex_bandpass_taps", "real_taps.csv", "rows_of_numbers.txt")) {
            ImportResult r = importWithTaps(name);
            assertEquals(List.of(), r.report().attention(), String.join("\n", r.report().lines()));
            Value v = VariableResolver.resolve(r.graph().variables(), Map.of()).values().get("my_taps");
            List<Value> got = ((Value.ListValue) v).items();
            JsonNode taps = want.get(name);
            assertEquals(taps.size(), got.size(), name + ": taps");
            for (int i = 0; i < got.size(); i++) {
                double re = taps.get(i).get(0).asDouble();
                double im = taps.get(i).get(1).asDouble();
                Value t = got.get(i);
                double[] z = t instanceof Value.Complex c ? new double[] {c.re(), c.im()}
                        : new double[] {((Value.Real) t).value(), 0};
                assertEquals(re, z[0], 0.0, name + " tap " + i);
                assertEquals(im, z[1], 0.0, name + " tap " + i);
            }
        }
    }

    @Test
    void lastRowOfTapsWinsAsInGnuRadioAndIsNoted() throws Exception {
        ImportResult r = importWithTaps("rows_of_numbers.txt");
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("2 rows of taps; the last one is used")),
                String.join("\n", r.report().lines()));
    }

    @Test
    void aRowThatIsNotNumbersNamesVariableFileAndLine() throws Exception {
        ImportResult r = importWithTaps("bad_taps.csv");
        String lines = String.join("\n", r.report().attention().stream().map(Object::toString).toList());
        assertTrue(lines.contains("my_taps") && lines.contains("bad_taps.csv line 3: 'abc' is not a number"), lines);
        assertEquals(1, r.report().attention().size(), lines);
    }

    @Test
    void aMissingFileIsOneClearMessage() throws Exception {
        ImportResult r = importWithTaps("no_such_taps.csv");
        String lines = String.join("\n", r.report().attention().stream().map(Object::toString).toList());
        assertTrue(lines.contains("my_taps") && lines.contains("cannot read taps file " + tmp.resolve(
                "no_such_taps.csv") + ": no such file"), lines);
    }

    /** GNU Radio's example names its file by the install prefix, which is looked up, never asked from a program. */
    @Test
    void gnuRadiosPrefixIsLookedUpNotRun() throws Exception {
        String file = "/share/gnuradio/examples/filter/filter_taps_example_complex_bandpass_taps";
        Path path = GrcFileTaps.resolve("subprocess.getoutput(\"gnuradio-config-info --prefix\") + \"" + file + "\"",
                tmp);
        assumeTrue(Files.exists(Path.of("/usr" + file)), "GNU Radio's examples are installed");
        assertEquals(Path.of("/usr" + file), path);
    }
}

package org.sigflow.blocks.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;

/**
 * Bad LDPC input gets one message naming the file and what is wrong with it: a missing or cut alist file, a token
 * that is no number, an entry beyond the matrix, a generator matrix that is not [I P], a frame (MTU) that is not
 * whole codewords. (GNU Radio prints "Could not open the file" and reads garbage, or throws without the file name.)
 */
class LdpcBadInputTest {
    private static final String H42 = "n_0100_k_0042_gap_02.alist";

    @TempDir
    Path dir;

    private Path copy(String name) throws Exception {
        Path src = Path.of(LdpcBadInputTest.class.getResource("/grc/gnuradio/" + name).toURI());
        return Files.copy(src, dir.resolve(name));
    }

    private String problem(BlockFactory f, String coder, Map<String, Object> more) {
        Map<String, Value> p = new HashMap<>(Map.of("coder", Value.of(coder), "alist_file", Value.of(H42), "frame_bits",
                Value.of(2048),
                "gap", Value.of(2), "sigma", Value.of(0.5), "max_iter", Value.of(50), "puncpat", Value.of("11"),
                "len_tag_key", Value.of(""), "mtu", Value.of(1512)));
        more.forEach((k, v) -> p.put(k, v instanceof String s ? Value.of(s) : Value.of(((Number) v).longValue())));
        List<PortSpec> in = List.of(new PortSpec("in", f instanceof FecEncoderBlock ? Dtype.U8 : Dtype.F32, 1));
        BlockSetup s = new BlockSetup("b", f.id(), p, in, List.of(new PortSpec("out", Dtype.U8, 1)), dir);
        return assertThrows(IllegalArgumentException.class, () -> f.create(s)).getMessage();
    }

    @Test
    void missingFile() {
        assertEquals("alist file '" + dir.resolve(H42) + "' does not exist",
                problem(new FecEncoderBlock(), "ldpc_h", Map.of()));
        assertEquals("alist file '" + dir.resolve(H42) + "' does not exist",
                problem(new FecDecoderBlock(), "ldpc", Map.of()));
    }

    @Test
    void cutShort() throws Exception {
        Path p = copy(H42);
        Files.write(p, Files.readAllLines(p).subList(0, 70));
        assertEquals("alist file '" + p + "' ends at line 70, before the 3 entries of column 67 (line 71)",
                problem(new FecEncoderBlock(), "ldpc", Map.of()));
    }

    @Test
    void notANumber() throws Exception {
        Files.writeString(dir.resolve(H42), "100 5x8\n");
        assertEquals("alist file '" + dir.resolve(H42) + "', line 1: '5x8' in the matrix size 'N M' is not a whole "
                + "number", problem(new FecDecoderBlock(), "ldpc_h", Map.of()));
    }

    @Test
    void entryOutsideTheMatrix() throws Exception {
        Path p = copy(H42);
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(p));
        lines.set(4, "99");                         // column 1 (weight 1) in row 99 of 58
        Files.write(p, lines);
        assertEquals("alist file '" + p + "', line 5: entry 99 of column 1 is not 1..58",
                problem(new FecEncoderBlock(), "ldpc_g", Map.of()));
    }

    @Test
    void parityCheckMatrixIsNoGeneratorMatrix() throws Exception {
        Path p = copy(H42);
        // its first 56 rows are Richardson-Urbanke's T, upper triangular with a unit diagonal: G's check passes them
        assertEquals("alist file '" + p + "' is not a generator matrix of the form G = [I P] (row 57 has no 1 on the "
                + "diagonal), as GNU Radio's ldpc_G_matrix needs", problem(new FecEncoderBlock(), "ldpc_g", Map.of()));
    }

    @Test
    void framesOfWholeCodewords() throws Exception {
        Path p = copy(H42);
        assertEquals("LDPC encoder: frame size 12000 bits is not a multiple of the information word size (42) of "
                + "parity check matrix '" + p + "' (n=100, k=42)",
                problem(new FecEncoderBlock(), "ldpc_h", Map.of("len_tag_key", "pkt", "mtu", 1500)));
        assertEquals("LDPC decoder: frame size 12000 bits is not a multiple of the information word size (42) of "
                + "alist file '" + p + "' (n=100, k=42)",
                problem(new FecDecoderBlock(), "ldpc", Map.of("len_tag_key", "pkt", "mtu", 1500)));
    }

    @Test
    void gapBeyondTheMatrix() throws Exception {
        Path p = copy(H42);
        assertEquals("alist file '" + p + "': gap 58 must be 1 to 57 (the matrix has 58 rows)",
                problem(new FecEncoderBlock(), "ldpc_h", Map.of("gap", 58)));
    }

    @Test
    void anLdpcCoderWithoutItsFileDoesNotValidate() throws Exception {
        Path g = new org.sigflow.testing.GraphJson()
                .block("src", "vector_source", Map.of("type", "u8", "vector", "[1, 0, 1]", "repeat", "false"))
                .block("enc", "fec_encoder", Map.of("coder", "ldpc_h"))
                .block("sink", "null_sink", Map.of("type", "u8"))
                .chain("src", "enc", "sink").write(dir.resolve("no_file.graph"));
        org.sigflow.session.InvalidGraphException e = assertThrows(org.sigflow.session.InvalidGraphException.class,
                () -> org.sigflow.session.Engine.loadDefault().open(g, Map.of()));
        assertEquals(1, e.problems().size(), e.problems().toString());
        assertTrue(e.problems().getFirst().contains("enc") && e.problems().getFirst().contains(
                "An LDPC coder needs its matrix: set the LDPC Alist File"), e.problems().toString());
    }
}

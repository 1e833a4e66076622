package org.sigflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.testing.GraphJson;

/** A graph from elsewhere cannot read or write beyond its folder, nor overwrite, until the user trusts it. */
class TrustTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void privateStore() {
        System.setProperty("sigflow.trustStore", tmp.resolve("store/trusted-graphs").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty("sigflow.trustStore");
    }

    private static CliRun cli(String... args) {
        return CliRun.of(args);
    }

    private Path graphWriting(String file) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("downloads"));
        return new GraphJson()
                .block("src", "vector_source", Map.of("type", "f32", "vector", "[1.0, 2.0]", "repeat", "false"))
                .block("sink", "file_sink", Map.of("type", "f32", "format", "f32_le", "file", file))
                .chain("src", "sink").write(dir.resolve("shared.graph"));
    }

    @Test
    void anUntrustedGraphWritingOutsideItsFolderIsRefusedWithTheList() throws Exception {
        Path outside = tmp.resolve("victim.txt");
        Path g = graphWriting("'../victim.txt'");
        CliRun r = cli("run", g.toString());
        assertEquals(ExitCodes.UNTRUSTED, r.code(), r.err());
        assertTrue(r.err().contains("block 'sink' writes") && r.err().contains("outside the graph's folder")
                && r.err().contains("--trust"), r.err());
        assertFalse(Files.exists(outside), "nothing was written");
    }

    @Test
    void trustIsGivenOnceAndRememberedWhileTheFileIsUnchanged() throws Exception {
        Path g = graphWriting("'../victim.txt'");
        assertEquals(ExitCodes.OK, cli("run", g.toString(), "--trust").code());
        assertEquals(8, Files.size(tmp.resolve("victim.txt")));
        assertEquals(ExitCodes.OK, cli("run", g.toString()).code(), "remembered");
        Files.writeString(g, Files.readString(g).replace("2.0", "3.0"));
        assertEquals(ExitCodes.UNTRUSTED, cli("run", g.toString()).code(), "changed content is asked about again");
    }

    @Test
    void overwritingAnExistingFileNeedsTrustButAGraphInItsFolderRunsFreely() throws Exception {
        Path g = graphWriting("'out.f32'");
        assertEquals(ExitCodes.OK, cli("run", g.toString()).code(), "first run: a new file in its folder");
        CliRun again = cli("run", g.toString());
        assertEquals(ExitCodes.UNTRUSTED, again.code(), again.err());
        assertTrue(again.err().contains("overwrites the existing file"), again.err());
    }

    @Test
    void aSampleGraphShippedWithSigflowRerunsOverItsOwnOutput() throws Exception {
        Path g = graphWriting("'out.f32'");
        assertEquals(ExitCodes.OK, cli("run", g.toString()).code());
        System.setProperty("sigflow.samples", g.getParent().toString()); // as the launcher names its sample folder
        try {
            CliRun again = cli("run", g.toString());
            assertEquals(ExitCodes.OK, again.code(), again.err());
        } finally {
            System.clearProperty("sigflow.samples");
        }
        assertEquals(ExitCodes.UNTRUSTED, cli("run", g.toString()).code(), "only inside the shipped folder");
    }

    @Test
    void readingSystemFilesNeedsTrust() throws Exception {
        Path g = new GraphJson()
                .block("src", "file_source", Map.of("type", "f32", "format", "f32_le", "file", "'/etc/passwd'"))
                .block("sink", "null_sink", Map.of("type", "f32"))
                .chain("src", "sink").write(Files.createDirectories(tmp.resolve("d")).resolve("read.graph"));
        CliRun r = cli("run", g.toString());
        assertEquals(ExitCodes.UNTRUSTED, r.code(), r.err());
        assertTrue(r.err().contains("reads '/etc/passwd'"), r.err());
    }

    @Test
    void aBlockWithOutputsReadsItsFileParam() throws Exception {
        // a FEC encoder's LDPC matrix file: read (not overwritten) in its folder, a read outside it needs trust
        Path dir = Files.createDirectories(tmp.resolve("fec"));
        Files.copy(Path.of(getClass().getResource("/grc/gnuradio/simple_g_matrix.alist").toURI()),
                dir.resolve("g.alist"));
        Files.copy(dir.resolve("g.alist"), tmp.resolve("outside.alist"));
        for (String file : new String[] {"'g.alist'", "'../outside.alist'"}) {
            Path g = new GraphJson()
                    .block("src", "vector_source", Map.of("type", "u8", "vector", "[1, 0, 1, 1]", "repeat", "false"))
                    .block("enc", "fec_encoder", Map.of("coder", "ldpc_g", "alist_file", file))
                    .block("sink", "null_sink", Map.of("type", "u8"))
                    .chain("src", "enc", "sink").write(dir.resolve("fec.graph"));
            CliRun r = cli("run", g.toString());
            if (file.contains("outside")) {
                assertEquals(ExitCodes.UNTRUSTED, r.code(), r.err());
                assertTrue(r.err().contains("block 'enc' reads '" + tmp.resolve("outside.alist") + "'"), r.err());
            } else {
                assertEquals(ExitCodes.OK, r.code(), r.err());
            }
        }
    }
}

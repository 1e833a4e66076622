package org.sigflow.cuda;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where this build had nvcc, the kernels fatbin must be on the class path: a build that silently skipped the kernels
 * module's nvcc step would otherwise only show on a GPU machine, as "CUDA blocks run on the CPU".
 */
class KernelsResourceTest {

    private static boolean nvccAvailable() {
        Stream<Path> onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(s -> !s.isEmpty()).map(Path::of);
        Stream<Path> known = List.of("/usr/local/cuda/bin", "/usr/local/cuda-13.0/bin", "/usr/local/cuda-12/bin").stream()
                .map(Path::of);
        return Stream.concat(onPath, known).anyMatch(d -> Files.isExecutable(d.resolve("nvcc")));
    }

    @Test
    void theFatbinIsBuiltWhereverNvccIsInstalled() throws Exception {
        assumeTrue(nvccAvailable(), "no nvcc on this machine: the build goes on without kernels, by design");
        try (InputStream in = Kernels.class.getClassLoader().getResourceAsStream(Kernels.RESOURCE)) {
            assertNotNull(in, Kernels.RESOURCE + " is missing although nvcc is installed: the kernels build was skipped");
            byte[] head = in.readNBytes(4);
            // a CUDA fatbin container starts with the magic 0xBA55ED50 (little-endian)
            assertTrue(head.length == 4 && (head[0] & 0xff) == 0x50 && (head[1] & 0xff) == 0xED
                    && (head[2] & 0xff) == 0x55 && (head[3] & 0xff) == 0xBA, "not a fatbin");
        }
    }
}

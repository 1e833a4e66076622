package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.blocks.cuda.TwinChains.Case;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.dsp.ChannelModel;
import org.sigflow.ofdm.Wifi80211a;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.Tag;
import org.sigflow.session.Engine;

/**
 * {@code ofdm_frame_detect_cuda} against its CPU twin on real frames ({@code @Tag("gpu")}): 60 802.11a frames through
 * the channel model at 8 and 20 dB, pages of 4096 samples (frames cross pages): the same frame_start tags at the same
 * offsets with the same coarse offsets (within 1e-9 rad/sample), the samples passed through unchanged. And the
 * sample graph wifi-receiver-cuda (channel model and detector on the GPU) gives wifi-receiver's constellation.
 */
@org.junit.jupiter.api.Tag("gpu")
class WifiGpuTest {
    private static final int FRAMES = 60;

    @Test
    void detectorTwinTagsTheSameFrames() throws Exception {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        Case c = TwinChains.of("ofdm_frame_detect frames", "ofdm_frame_detect", List.of(TwinChains.cf32(1)),
                TwinChains.cf32(1), 0, "delay", 16, "window", 48, "threshold", 0.4, "plateau", 24, "holdoff", 320);
        for (double snr : new double[] {8, 20}) {
            Wifi80211a w = new Wifi80211a(10, 400, 0.5, 9);
            float[] x = new float[2 * w.length() * FRAMES];
            for (int f = 0; f < FRAMES; f++) {
                w.write(f, x, 2 * w.length() * f);
            }
            float[] y = new float[x.length];
            new ChannelModel(new float[] {0.9f, 0f, 0.3f, -0.2f}, 0.01,
                    0.5 * Math.sqrt(52 / 64.0) * Math.pow(10, -snr / 20), 3).process(x, 0, y, 0, x.length / 2);
            Result cpu = TwinChains.cpu(c, new float[][] {y}, 0);
            Result gpu = TwinChains.gpu(c, new float[][] {y}, 0, 4096, "fp32", "fp32");
            assertEquals(RunOutcome.Kind.COMPLETED, gpu.outcome().kind(), () -> String.valueOf(gpu.outcome().failure()));
            assertEquals(0, TwinChains.relativeError(gpu.values(), cpu.values()), "samples pass unchanged");
            List<Tag> a = cpu.tags();
            List<Tag> b = gpu.tags();
            System.out.printf("ofdm_frame_detect_cuda at %.0f dB: %d tags (CPU twin %d), kernel %.3f ms%n", snr,
                    b.size(), a.size(), gpu.extra("dut").getOrDefault("kernel_ms", 0.0));
            assertTrue(a.size() >= FRAMES * 9 / 10, "the twin detects the frames: " + a.size());
            assertEquals(a.stream().map(Tag::offset).toList(), b.stream().map(Tag::offset).toList(), "tag offsets");
            for (int i = 0; i < a.size(); i++) {
                assertEquals((Double) a.get(i).value(), (Double) b.get(i).value(), 1e-9, "coarse offset " + i);
            }
        }
    }


    @TempDir
    Path tmp;

    @Test
    void receiverGraphWithGpuTwinsGivesTheCpuGraphsConstellation() throws Exception {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        Engine engine = Engine.loadDefault();
        float[][] z = new float[2][];
        String[] names = {"wifi-receiver", "wifi-receiver-cuda"};
        for (int i = 0; i < 2; i++) {
            Path file = Files.exists(Path.of("research/" + names[i] + ".graph"))
                    ? Path.of("research/" + names[i] + ".graph")
                    : Path.of("../sample-graphs/research/" + names[i] + ".graph");
            Path out = tmp.resolve(names[i] + ".cf32");
            var opened = engine.open(file, Map.of("snr_db", "25", "frames", "40", "out_file", "'" + out + "'"));
            try (RunningGraph run = engine.start(opened, RunOptions.DEFAULT)) {
                assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
            }
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
            z[i] = new float[b.remaining() / 4];
            b.asFloatBuffer().get(z[i]);
        }
        double err = TwinChains.relativeError(z[1], z[0]);
        System.out.printf("wifi-receiver-cuda vs wifi-receiver: %d carriers, relative error %.2e%n", z[1].length / 2,
                err);
        assertEquals(2 * 40 * 10 * 48, z[1].length, "every frame's carriers");
        assertTrue(err < 1e-4, "constellation of the GPU graph vs the CPU graph: " + err);
    }
}

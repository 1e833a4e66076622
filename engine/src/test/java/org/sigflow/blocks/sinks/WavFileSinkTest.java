package org.sigflow.blocks.sinks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

/** wav_file_sink writes the canonical 44-byte RIFF/WAVE layout (as scipy.io.wavfile reads it) with its sizes set. */
class WavFileSinkTest {
    @TempDir
    Path tmp;

    @Test
    void pcm16AndFloatFilesHoldTheSamplesAndTheirSizes() throws Exception {
        float[] x = new float[1001];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (1.2 * Math.sin(0.01 * i)); // beyond full scale at the peaks: PCM clips
        }
        for (String format : new String[] {"pcm16", "float32"}) {
            Path f = tmp.resolve(format + ".wav");
            BlockHarness.of(Setups.create("wav_file_sink", "file", f.toString(), "samp_rate", 48000, "format", format))
                    .input(Dtype.F32, 1, x).chunk(100).run();
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
            int bytes = format.equals("pcm16") ? 2 : 4;
            assertEquals(44 + bytes * x.length, b.limit());
            assertEquals(0x46464952, b.getInt(0), "RIFF");
            assertEquals(36 + bytes * x.length, b.getInt(4));
            assertEquals(format.equals("pcm16") ? 1 : 3, b.getShort(20), "PCM or IEEE float");
            assertEquals(1, b.getShort(22), "mono");
            assertEquals(48000, b.getInt(24));
            assertEquals(48000 * bytes, b.getInt(28), "bytes per second");
            assertEquals(8 * bytes, b.getShort(34), "bits per sample");
            assertEquals(bytes * x.length, b.getInt(40), "data size");
            for (int i = 0; i < x.length; i += 37) {
                float got = bytes == 2 ? b.getShort(44 + 2 * i) / 32767f : b.getFloat(44 + 4 * i);
                float want = bytes == 2 ? Math.round(Math.max(-1, Math.min(1, x[i])) * 32767f) / 32767f : x[i];
                assertEquals(want, got, 0f, format + " sample " + i);
            }
        }
    }
}

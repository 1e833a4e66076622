package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.io.IOException;
import org.sigflow.audio.AudioBackend;
import org.sigflow.audio.AudioBackend.NoDeviceException;
import org.sigflow.audio.AudioBackend.RateNotSupportedException;
import org.sigflow.audio.Pcm16;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code audio_source}: captures one or two channels from a sound input (microphone, line in, a loopback device)
 * through Java Sound as f32 in ±1; the device paces the graph. No device, or one that does not record at the rate
 * asked, stops the graph with a one-line message naming the rates it does take.
 */
@AutoService(BlockFactory.class)
public final class AudioSource implements BlockFactory {
    static final int CHUNK = 1024;

    @Override
    public String id() {
        return "audio_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Recorder(setup.instanceId(), setup.string("device").trim(), (int) Math.round(setup.real("samp_rate")),
                setup.integer("channels"));
    }

    static final class Recorder implements Block {
        @Override
        public boolean waitsOutsideJava() {
            return true; // Java Sound blocks in native code
        }

        private final String instance;
        private final String device;
        private final int rate;
        private final int channels;
        private final byte[] pcm;
        private final float[] frames;
        private AudioBackend.Line line;

        Recorder(String instance, String device, int rate, int channels) {
            this.instance = instance;
            this.device = device;
            this.rate = rate;
            this.channels = channels;
            this.pcm = new byte[CHUNK * channels * 2];
            this.frames = new float[CHUNK * channels];
        }

        @Override
        public void start() throws IOException {
            try {
                line = AudioBackend.current().openInput(device, rate, channels);
            } catch (NoDeviceException e) {
                throw new IOException("audio_source '" + instance + "': " + e.getMessage());
            } catch (RateNotSupportedException e) {
                throw new IOException("audio_source '" + instance + "': the audio device '" + e.device()
                        + "' does not record at " + rate + " Hz" + (e.rates().isEmpty() ? "" : " (it does at "
                        + e.rates() + " Hz)"));
            }
        }

        @Override
        public WorkResult work(WorkIo io) throws Exception {
            int n = CHUNK;
            for (int c = 0; c < channels; c++) {
                n = Math.min(n, io.out(c).space());
            }
            if (n == 0) {
                return WorkResult.CONTINUE;
            }
            int bytes = line.transfer(pcm, 0, n * channels * 2);
            if (bytes < 0) {
                throw new IOException("audio_source '" + instance + "': the audio device '" + line.deviceName()
                        + "' stopped delivering samples");
            }
            int got = bytes / (channels * 2);
            Pcm16.decode(pcm, got * channels, frames, 0);
            for (int c = 0; c < channels; c++) {
                float[] dst = io.out(c).floats();
                int off = io.out(c).offset();
                for (int k = 0; k < got; k++) {
                    dst[off + k] = frames[k * channels + c];
                }
            }
            if (got > 0) {
                io.produceEach(got);
            }
            return WorkResult.CONTINUE;
        }

        @Override
        public void stop() {
            if (line != null) {
                line.close();
                line = null;
            }
        }
    }
}

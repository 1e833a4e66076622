package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.util.Map;
import org.sigflow.audio.AudioBackend;
import org.sigflow.audio.AudioBackend.NoDeviceException;
import org.sigflow.audio.AudioBackend.RateNotSupportedException;
import org.sigflow.audio.Pcm16;
import org.sigflow.audio.StreamResampler;
import org.sigflow.blocks.common.Pace;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code audio_sink}: plays one or two f32 streams (±1 full scale) on a sound device through Java Sound; the device
 * paces the graph. A device that does not take the graph's rate is resampled to one it does, or refused, as the
 * user chose. A machine without a device (a server, CI) discards the audio at the graph's rate, as a throttled null
 * sink, said once on stderr and as the null_sink metric; or stops the graph with a one-line message if the user
 * chose so.
 */
@AutoService(BlockFactory.class)
public final class AudioSink implements BlockFactory {
    static final int CHUNK = 2048;

    @Override
    public String id() {
        return "audio_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        long rate = Math.round(setup.real("samp_rate"));
        if (rate < 1000 || rate > 384000) {
            throw new IllegalArgumentException("audio_sink '" + setup.instanceId() + "': an audio rate is 1000 to "
                    + "384000 Hz, not " + setup.real("samp_rate"));
        }
        return new Player(setup.instanceId(), setup.string("device").trim(), (int) rate, setup.integer("channels"),
                setup.string("rate_mismatch").equals("resample"), setup.string("no_device").equals("null_sink"));
    }

    static final class Player implements Block {
        @Override
        public boolean waitsOutsideJava() {
            return true; // Java Sound blocks in native code
        }

        private final String instance;
        private final String device;
        private final int rate;
        private final int channels;
        private final boolean resampleAllowed;
        private final boolean nullAllowed;
        private AudioBackend.Line line;
        private StreamResampler[] resamplers;
        private float[][] resampled;
        private float[] interleaved;
        private byte[] pcm;
        private volatile boolean nullSink;
        private Pace pace;
        private volatile int deviceRate;

        Player(String instance, String device, int rate, int channels, boolean resampleAllowed, boolean nullAllowed) {
            this.instance = instance;
            this.device = device;
            this.rate = rate;
            this.channels = channels;
            this.resampleAllowed = resampleAllowed;
            this.nullAllowed = nullAllowed;
        }

        @Override
        public void start() throws IOException {
            AudioBackend backend = AudioBackend.current();
            deviceRate = rate;
            try {
                try {
                    line = backend.openOutput(device, rate, channels);
                } catch (RateNotSupportedException e) {
                    if (!resampleAllowed || e.rates().isEmpty()) {
                        throw new IOException("audio_sink '" + instance + "': the audio device '" + e.device()
                                + "' does not play " + rate + " Hz" + (e.rates().isEmpty() ? "" : " (it plays "
                                + e.rates() + " Hz)") + "; resample to its rate in the graph"
                                + (e.rates().isEmpty() ? "" : ", or set Rate Mismatch to 'resample'"));
                    }
                    deviceRate = e.rates().getFirst();
                    line = backend.openOutput(device, deviceRate, channels);
                    resamplers = new StreamResampler[channels];
                    resampled = new float[channels][];
                    for (int c = 0; c < channels; c++) {
                        resamplers[c] = new StreamResampler(rate, deviceRate);
                        resampled[c] = new float[resamplers[c].maxOutput(CHUNK) + 16];
                    }
                }
            } catch (NoDeviceException e) {
                if (!nullAllowed) {
                    throw new IOException("audio_sink '" + instance + "': " + e.getMessage() + "; set Without "
                            + "Device to 'discard the audio' to run the graph anyway");
                }
                nullSink = true;
                pace = new Pace(rate, backend.discardClock());
                System.err.println("audio_sink '" + instance + "': no audio output device: audio discarded "
                        + "(taken at " + rate + " samples/s, as a sound card would)");
                return;
            } catch (RateNotSupportedException e) {
                throw new IOException("audio_sink '" + instance + "': the audio device '" + e.device()
                        + "' refused " + deviceRate + " Hz too");
            }
            int maxFrames = resamplers == null ? CHUNK : resampled[0].length;
            interleaved = new float[maxFrames * channels];
            pcm = new byte[maxFrames * channels * 2];
        }

        @Override
        public WorkResult work(WorkIo io) throws Exception {
            int n = CHUNK;
            boolean finished = true;
            for (int i = 0; i < channels; i++) {
                n = Math.min(n, io.in(i).available());
                finished &= io.in(i).finished();
            }
            if (n == 0) {
                return finished ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (nullSink) {
                n = pace.await(Math.min(n, pace.maxChunk()), io::stopRequested);
            } else {
                play(io, n);
            }
            io.consumeEach(n);
            return WorkResult.CONTINUE;
        }

        private void play(WorkIo io, int n) throws Exception {
            int frames = n;
            for (int c = 0; c < channels; c++) {
                float[] src = io.in(c).floats();
                int off = io.in(c).offset();
                if (resamplers != null) {
                    frames = resamplers[c].push(src, off, n, resampled[c], 0);
                    src = resampled[c];
                    off = 0;
                }
                for (int k = 0; k < frames; k++) {
                    interleaved[k * channels + c] = src[off + k];
                }
            }
            int bytes = Pcm16.encode(interleaved, frames * channels, pcm);
            for (int done = 0; done < bytes; ) {
                int w = line.transfer(pcm, done, bytes - done);
                if (w <= 0) {
                    throw new IOException("audio_sink '" + instance + "': the audio device '" + line.deviceName()
                            + "' stopped taking samples");
                }
                done += w;
            }
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("null_sink", nullSink ? 1.0 : 0.0, "device_rate", (double) deviceRate);
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

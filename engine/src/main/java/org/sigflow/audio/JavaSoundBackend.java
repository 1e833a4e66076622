package org.sigflow.audio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;

/** Audio through Java Sound (ALSA or PulseAudio's ALSA plugin on Linux). */
final class JavaSoundBackend implements AudioBackend {
    /** Rates offered in messages when the device refuses one. */
    private static final int[] COMMON_RATES = {48000, 44100, 96000, 32000, 22050, 16000, 8000};

    @Override
    public Line openOutput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException {
        return open(SourceDataLine.class, device, rate, channels);
    }

    @Override
    public Line openInput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException {
        return open(TargetDataLine.class, device, rate, channels);
    }

    private static AudioFormat format(int rate, int channels) {
        return new AudioFormat(rate, 16, channels, true, false);
    }

    private Line open(Class<? extends DataLine> kind, String device, int rate, int channels)
            throws NoDeviceException, RateNotSupportedException {
        boolean output = kind == SourceDataLine.class;
        List<Mixer> mixers = new ArrayList<>();
        for (Mixer.Info info : AudioSystem.getMixerInfo()) {
            Mixer m = AudioSystem.getMixer(info);
            boolean hasKind = m.isLineSupported(new DataLine.Info(kind, format(48000, channels)))
                    || m.isLineSupported(new DataLine.Info(kind, format(44100, channels)))
                    || m.isLineSupported(new DataLine.Info(kind, format(rate, channels)));
            boolean named = device.isBlank() || info.getName().toLowerCase(Locale.ROOT)
                    .contains(device.toLowerCase(Locale.ROOT));
            if (hasKind && named) {
                mixers.add(m);
            }
        }
        if (mixers.isEmpty()) {
            throw new NoDeviceException("no audio " + (output ? "output" : "input") + " device"
                    + (device.isBlank() ? "" : " named like '" + device + "'") + " on this machine");
        }
        Mixer m = mixers.getFirst();
        DataLine.Info info = new DataLine.Info(kind, format(rate, channels));
        if (!m.isLineSupported(info)) {
            List<Integer> rates = new ArrayList<>();
            for (int r : COMMON_RATES) {
                if (m.isLineSupported(new DataLine.Info(kind, format(r, channels)))) {
                    rates.add(r);
                }
            }
            throw new RateNotSupportedException(m.getMixerInfo().getName(), rates);
        }
        try {
            DataLine line = (DataLine) m.getLine(info);
            String name = m.getMixerInfo().getName();
            if (line instanceof SourceDataLine s) {
                s.open(format(rate, channels), rate / 5 * 2 * channels); // ~200 ms of buffer
                s.start();
                return new Line() {
                    public int transfer(byte[] b, int off, int n) {
                        return s.write(b, off, n);
                    }

                    public String deviceName() {
                        return name;
                    }

                    public void close() {
                        s.drain();
                        s.close();
                    }
                };
            }
            TargetDataLine t = (TargetDataLine) line;
            t.open(format(rate, channels));
            t.start();
            return new Line() {
                public int transfer(byte[] b, int off, int n) {
                    return t.read(b, off, n);
                }

                public String deviceName() {
                    return name;
                }

                public void close() {
                    t.close();
                }
            };
        } catch (LineUnavailableException | IllegalArgumentException | SecurityException e) {
            throw new NoDeviceException("the audio device '" + m.getMixerInfo().getName() + "' cannot be opened ("
                    + e.getMessage() + "; is another program using it?)");
        }
    }
}

package org.sigflow.audio;

import java.util.List;
import org.sigflow.blocks.common.Pace;

/**
 * Where audio blocks find sound devices: Java Sound ({@link JavaSoundBackend}) unless a test installs another
 * with {@link #use}. Samples cross as interleaved 16-bit signed little-endian PCM.
 */
public interface AudioBackend {

    /** An open playback or capture line. */
    interface Line extends AutoCloseable {
        /** Plays (or, for capture, reads into) {@code bytes[off..off+n)}; blocks as the device paces; returns bytes done. */
        int transfer(byte[] bytes, int off, int n) throws Exception;

        /** The device's name, for messages. */
        String deviceName();

        @Override
        void close();
    }

    /** Thrown when no device exists at all (headless machines, containers, CI). */
    final class NoDeviceException extends Exception {
        public NoDeviceException(String message) {
            super(message);
        }
    }

    /** Thrown when the device exists but does not take the rate asked for; {@code rates} are ones it does. */
    final class RateNotSupportedException extends Exception {
        private final String device;
        private final List<Integer> rates;

        public RateNotSupportedException(String device, List<Integer> rates) {
            super(device);
            this.device = device;
            this.rates = List.copyOf(rates);
        }

        public String device() {
            return device;
        }

        public List<Integer> rates() {
            return rates;
        }
    }

    /** Opens playback at {@code rate} with {@code channels}; {@code device} is a name fragment ('' = default). */
    Line openOutput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException;

    /** Opens capture at {@code rate} with {@code channels}. */
    Line openInput(String device, int rate, int channels) throws NoDeviceException, RateNotSupportedException;

    /** The clock that paces an audio sink discarding its samples when there is no device; a test's own clock. */
    default Pace.Clock discardClock() {
        return Pace.SYSTEM;
    }

    static AudioBackend current() {
        return Holder.backend;
    }

    /** Installs {@code backend} (null: Java Sound again); for tests. */
    static void use(AudioBackend backend) {
        Holder.backend = backend == null ? new JavaSoundBackend() : backend;
    }

    /** The installed backend (an interface cannot hold mutable state itself). */
    final class Holder {
        private static volatile AudioBackend backend = new JavaSoundBackend();

        private Holder() {}
    }
}

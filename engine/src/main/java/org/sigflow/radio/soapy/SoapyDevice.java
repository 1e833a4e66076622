package org.sigflow.radio.soapy;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One open SoapySDR device with one CF32 stream (RX or TX) on one channel. Used from one block thread; every
 * failing call becomes an exception that names the setting and SoapySDR's reason.
 */
public final class SoapyDevice implements AutoCloseable {
    private final SoapyLibrary lib;
    private final String args;
    private final Arena arena = Arena.ofShared();
    private MemorySegment device;
    private MemorySegment stream = MemorySegment.NULL;
    private final MemorySegment buffs = arena.allocate(ADDRESS);
    private final MemorySegment flags = arena.allocate(JAVA_INT);
    private final MemorySegment timeNs = arena.allocate(JAVA_LONG);
    private int direction;
    private long channel;

    SoapyDevice(SoapyLibrary lib, MemorySegment device, String args) {
        this.lib = lib;
        this.device = device;
        this.args = args;
    }

    private void check(int rc, String what) {
        if (rc != 0) {
            throw new IllegalStateException("SoapySDR device '" + args + "': " + what + " failed: "
                    + lib.errorText(rc));
        }
    }

    /** Sets up (not yet activates) a CF32 stream in {@code direction} on {@code channel}. */
    public void setupStream(int direction, long channel) {
        this.direction = direction;
        this.channel = channel;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment chans = a.allocateFrom(JAVA_LONG, channel);
            stream = (MemorySegment) lib.setupStream.invokeExact(device, direction, a.allocateFrom("CF32"), chans,
                    1L, MemorySegment.NULL);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (stream.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("SoapySDR device '" + args + "': cannot open a CF32 "
                    + (direction == SoapyLibrary.RX ? "RX" : "TX") + " stream on channel " + channel + ": "
                    + lib.lastError());
        }
    }

    /** A native call returning a SoapySDR status code. */
    private interface Status {
        int call() throws Throwable;
    }

    private void setting(String what, Status c) {
        int rc;
        try {
            rc = c.call();
        } catch (Throwable t) {
            throw new IllegalStateException("SoapySDR device '" + args + "': " + what + ": " + t.getMessage(), t);
        }
        check(rc, what);
    }

    public void setSampleRate(double rate) {
        setting("sample rate " + rate, () -> (int) lib.setSampleRate.invokeExact(device, direction, channel, rate));
    }

    public void setFrequency(double hz) {
        setting("frequency " + hz + " Hz", () -> (int) lib.setFrequency.invokeExact(device, direction, channel, hz,
                MemorySegment.NULL));
    }

    public void setGainMode(boolean automatic) {
        setting("automatic gain " + automatic, () -> (int) lib.setGainMode.invokeExact(device, direction, channel,
                automatic));
    }

    public void setGain(double db) {
        setting("gain " + db + " dB", () -> (int) lib.setGain.invokeExact(device, direction, channel, db));
    }

    public void setAntenna(String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocateFrom(name);
            setting("antenna '" + name + "'", () -> (int) lib.setAntenna.invokeExact(device, direction, channel, n));
        }
    }

    public void activate() {
        setting("activating the stream", () -> (int) lib.activateStream.invokeExact(device, stream, 0, 0L, 0L));
    }

    /** Reads up to {@code n} CF32 samples into {@code buf}; returns the count, or a negative SoapySDR code. */
    public int read(MemorySegment buf, long n, long timeoutUs) {
        buffs.set(ADDRESS, 0, buf);
        try {
            return (int) lib.readStream.invokeExact(device, stream, buffs, n, flags, timeNs, timeoutUs);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes up to {@code n} CF32 samples from {@code buf}; returns the count, or a negative SoapySDR code. */
    public int write(MemorySegment buf, long n, boolean endBurst, long timeoutUs) {
        buffs.set(ADDRESS, 0, buf);
        flags.set(JAVA_INT, 0, endBurst ? SoapyLibrary.END_BURST : 0);
        try {
            return (int) lib.writeStream.invokeExact(device, stream, buffs, n, flags, 0L, timeoutUs);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    public String errorText(int code) {
        return lib.errorText(code);
    }

    /** Deactivates and closes the stream, then releases the device; safe to call twice. */
    @Override
    public void close() {
        try {
            if (!stream.equals(MemorySegment.NULL)) {
                int ignoredDeactivate = (int) lib.deactivateStream.invokeExact(device, stream, 0, 0L);
                int ignoredClose = (int) lib.closeStream.invokeExact(device, stream);
                stream = MemorySegment.NULL;
            }
            if (!device.equals(MemorySegment.NULL)) {
                int ignoredUnmake = (int) lib.unmake.invokeExact(device);
                device = MemorySegment.NULL;
            }
        } catch (Throwable t) {
            throw new IllegalStateException("SoapySDR device '" + args + "': closing failed: " + t.getMessage(), t);
        } finally {
            arena.close();
        }
    }
}

package org.sigflow.radio.soapy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** An open, streaming device with its native CF32 buffer of {@code chunk} samples: what a Soapy block holds. */
public final class SoapyLink implements AutoCloseable {
    public final SoapyDevice device;
    public final MemorySegment buffer;
    private final Arena arena;

    private SoapyLink(SoapyDevice device, Arena arena, MemorySegment buffer) {
        this.device = device;
        this.arena = arena;
        this.buffer = buffer;
    }

    public static SoapyLink open(SoapySettings settings, int direction, int chunk) throws SoapyUnavailableException {
        SoapyDevice d = settings.open(direction);
        Arena a = Arena.ofConfined();
        return new SoapyLink(d, a, a.allocate(8L * chunk, 8));
    }

    @Override
    public void close() {
        try {
            device.close();
        } finally {
            arena.close();
        }
    }
}

package org.sigflow.blocks.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** {@link NativeFill}: zeroes exactly the slice it is given (large slices through memset, small ones in Java). */
class NativeFillTest {
    @Test
    void zeroesExactlyTheSlice() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(3 << 20);
            for (long[] r : new long[][] {{4093, 1 << 20}, {17, 100}, {(2 << 20) + 1, (1 << 20) - 1}}) {
                s.fill((byte) 0x5a);
                NativeFill.zero(s.asSlice(r[0], r[1]));
                for (long i = 0; i < s.byteSize(); i += (i < r[0] - 64 || i > r[0] + r[1] + 64) ? 4099 : 1) {
                    byte want = i >= r[0] && i < r[0] + r[1] ? 0 : (byte) 0x5a;
                    assertEquals(want, s.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " of slice " + r[0] + "+" + r[1]);
                }
                assertEquals(0, s.get(ValueLayout.JAVA_BYTE, r[0] + r[1] / 2));
            }
        }
    }
}

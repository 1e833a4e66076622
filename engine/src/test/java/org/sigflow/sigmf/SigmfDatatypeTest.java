package org.sigflow.sigmf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The datatype grammar and the byte mappings, checked against codes written by hand with java.nio. */
class SigmfDatatypeTest {

    @ParameterizedTest
    @CsvSource({"cf32_le, true, 8", "ci16_le, true, 4", "ci8, true, 2", "cu8, true, 2", "rf32_le, false, 4",
            "ri16_le, false, 2", "ru16_be, false, 2", "cf64_be, true, 16", "ci32_le, true, 8", "ri8, false, 1"})
    void parsesAndSizes(String id, boolean complex, int bytes) {
        SigmfDatatype t = SigmfDatatype.parse(id);
        assertEquals(complex, t.complex());
        assertEquals(bytes, t.bytesPerSample());
        assertEquals(id, t.id());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cf32", "ci16", "cf33_le", "ci8_le", "xf32_le", "CF32_LE", ""})
    void refusesWhatSigmfDoesNotDefine(String id) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SigmfDatatype.parse(id));
        assertTrue(e.getMessage().contains("'" + id + "'"), e.getMessage());
    }

    @Test
    void bigEndianIntegersDecodeByTheirByteOrder() {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
        b.putShort((short) -32768).putShort((short) 16384).putShort((short) 1).putShort((short) 32767);
        float[] y = new float[4];
        SigmfDatatype.parse("ci16_be").decode(b.flip(), y, 0, 4);
        assertArrayEquals(new float[] {-1f, 0.5f, 1f / 32768, 32767f / 32768}, y);
    }

    @Test
    void unsignedAndFloat64Codes() {
        float[] y = new float[3];
        SigmfDatatype.parse("ru16_le").decode(ByteBuffer.wrap(new byte[] {0, 0, (byte) 0xff, (byte) 0xff, 0, (byte) 0x80})
                .order(ByteOrder.LITTLE_ENDIAN), y, 0, 3);
        // (x − 32767.5) / 32767.5
        assertEquals(-1f, y[0]);
        assertEquals(1f, y[1]);
        assertEquals(0.5 / 32767.5, y[2], 1e-9);
        ByteBuffer d = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN).putDouble(0.25).putDouble(-3.5).flip();
        float[] z = new float[2];
        SigmfDatatype.parse("rf64_be").decode(d, z, 0, 2);
        assertArrayEquals(new float[] {0.25f, -3.5f}, z);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ci16_le", "ci16_be", "ci8", "cu8", "ci32_be", "cu16_le", "cf32_be", "cf64_le"})
    void encodeThenDecodeIsWithinHalfAStep(String id) {
        SigmfDatatype t = SigmfDatatype.parse(id);
        float[] x = new float[64];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) Math.sin(0.7 * i) * 0.98f;
        }
        ByteBuffer b = ByteBuffer.allocate(x.length * t.bytesPerComponent());
        t.encode(x, 0, x.length, b);
        float[] y = new float[x.length];
        t.decode(b, y, 0, x.length);
        double step = t.kind() == 'f' ? 0 : t.kind() == 'u' ? 2 / (Math.pow(2, t.bits()) - 1) : 1 / Math.pow(2, t.bits() - 1);
        for (int i = 0; i < x.length; i++) {
            assertEquals(x[i], y[i], step / 2 + 1e-7, id + " element " + i);
        }
    }

    @Test
    void encodeFillsTheWholeBufferWhateverItsLimit() {
        // a sink reuses one buffer: a short chunk leaves a small limit, the next chunk is longer
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16);
        b.limit(2);
        SigmfDatatype.parse("ci16_le").encode(new float[] {0.5f, -0.5f, 0.25f, -0.25f}, 0, 4, b);
        assertEquals(-8192, b.clear().order(java.nio.ByteOrder.LITTLE_ENDIAN).getShort(6));
    }
}

package org.sigflow.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Text form and serialisation of every PMT kind against GNU Radio 3.10's own {@code pmt.write_string} and
 * {@code pmt.serialize_str} ({@code tools/reference/gen_gnuradio_pmt.py}); exact match, and each serialisation reads
 * back as the same value.
 */
class PmtGnuRadioTest {

    static Map<String, Pmt> cases() {
        Pmt.Dict d = Pmt.Dict.EMPTY.with(Pmt.symbol("a"), Pmt.of(3)).with(Pmt.symbol("b"), Pmt.of(2.5))
                .with(Pmt.symbol("a"), Pmt.of(4));
        Map<String, Pmt> c = new LinkedHashMap<>();
        c.put("nil", Pmt.NIL);
        c.put("true", Pmt.TRUE);
        c.put("false", Pmt.FALSE);
        c.put("long", Pmt.of(-5));
        c.put("long_big", Pmt.of(1L << 40));
        c.put("uint64", new Pmt.UInt64(1L << 63));
        c.put("double", Pmt.of(1.5));
        c.put("double_tenth", Pmt.of(0.1));
        c.put("double_big", Pmt.of(1e20));
        c.put("double_three", Pmt.of(3.0));
        c.put("double_digits", Pmt.of(0.123456789));
        c.put("double_small", Pmt.of(-1e-5));
        c.put("double_1e6", Pmt.of(1e6));
        c.put("double_1e5", Pmt.of(1e5));
        c.put("double_123456789", Pmt.of(123456789.0));
        c.put("double_inf", Pmt.of(Double.POSITIVE_INFINITY));
        c.put("complex", new Pmt.Complex(1, 2));
        c.put("complex_neg", new Pmt.Complex(1, -2));
        c.put("symbol", Pmt.symbol("hello"));
        c.put("symbol_empty", Pmt.symbol(""));
        c.put("pair", new Pmt.Pair(Pmt.symbol("a"), Pmt.of(1)));
        c.put("list", Pmt.list(List.of(Pmt.of(1), Pmt.of(2), Pmt.of(3))));
        c.put("dotted", new Pmt.Pair(Pmt.of(1), new Pmt.Pair(Pmt.of(2), Pmt.of(3))));
        c.put("dict", d);
        c.put("dict_empty", Pmt.Dict.EMPTY);
        c.put("vector", new Pmt.Vector(List.of(Pmt.of(7), Pmt.of(7))));
        c.put("vector_empty", new Pmt.Vector(List.of()));
        c.put("tuple", new Pmt.Tuple(List.of(new Pmt.UInt64(5), Pmt.of(0.25))));
        c.put("tuple_empty", new Pmt.Tuple(List.of()));
        c.put("u8", new Pmt.Uniform(UniformKind.U8, new byte[] {1, 2, (byte) 255}));
        c.put("s8", new Pmt.Uniform(UniformKind.S8, new byte[] {-1, 2}));
        c.put("u16", new Pmt.Uniform(UniformKind.U16, new short[] {1, (short) 65535}));
        c.put("s16", new Pmt.Uniform(UniformKind.S16, new short[] {-1, 300}));
        c.put("u32", new Pmt.Uniform(UniformKind.U32, new int[] {7, (int) 4000000000L}));
        c.put("s32", new Pmt.Uniform(UniformKind.S32, new int[] {-1, 70000}));
        c.put("u64", new Pmt.Uniform(UniformKind.U64, new long[] {7}));
        c.put("s64", new Pmt.Uniform(UniformKind.S64, new long[] {-7}));
        c.put("f32", new Pmt.Uniform(UniformKind.F32, new float[] {0.5f, -1.25f, 123456.7f}));
        c.put("f32_empty", new Pmt.Uniform(UniformKind.F32, new float[0]));
        c.put("f64", new Pmt.Uniform(UniformKind.F64, new double[] {0.1, 2}));
        c.put("c32", new Pmt.Uniform(UniformKind.C32, new float[] {1.123456789f, -2, 1e-7f, 0}));
        c.put("c64", new Pmt.Uniform(UniformKind.C64, new double[] {1, -0.5}));
        c.put("pdu", Pmt.pdu(d, new Pmt.Uniform(UniformKind.U8, new byte[] {1, 2})));
        return c;
    }

    @Test
    void textAndBytesEqualGnuRadios() throws Exception {
        JsonNode ref;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_pmt.json")) {
            ref = new ObjectMapper().readTree(in);
        }
        Map<String, Pmt> cases = cases();
        assertEquals(ref.size() - 2, cases.size(), "every recorded case is built here (besides expressions, debug)");
        for (Map.Entry<String, Pmt> e : cases.entrySet()) {
            JsonNode r = ref.get(e.getKey());
            assertEquals(r.get("text").asText(), PmtText.write(e.getValue()), "text of " + e.getKey());
            byte[] bytes = PmtCodec.bytes(e.getValue());
            assertEquals(r.get("hex").asText(), HexFormat.of().formatHex(bytes), "bytes of " + e.getKey());
            Pmt back = PmtCodec.read(HexFormat.of().parseHex(r.get("hex").asText()));
            Pmt expected = e.getValue() instanceof Pmt.Dict dd && dd.entries().isEmpty() ? Pmt.NIL : e.getValue();
            assertEquals(expected, back, "read back " + e.getKey());
        }
    }

    @Test
    void theConstructorsGrcFilesWriteReadAsPythonEvaluatesThem() throws Exception {
        JsonNode ref;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_pmt.json")) {
            ref = new ObjectMapper().readTree(in).get("expressions");
        }
        assertTrue(ref.size() >= 15);
        for (var it = ref.fields(); it.hasNext(); ) {
            var e = it.next();
            Pmt p = PmtExpressions.parse(e.getKey());
            assertEquals(e.getValue().get("text").asText(), PmtText.write(p), e.getKey());
            assertEquals(e.getValue().get("hex").asText(), HexFormat.of().formatHex(PmtCodec.bytes(p)), e.getKey());
        }
    }

    @Test
    void anythingButLiteralsIsRefusedWithWhereAndWhat() {
        var e = assertThrows(PmtException.class, () -> PmtExpressions.parse("pmt.intern(name)"));
        assertEquals("PMT expression 'pmt.intern(name)' at column 16: 'name' is not a literal or a pmt call (SigFlow "
                + "reads PMT constructors over literal values only, without running Python)", e.getMessage());
        e = assertThrows(PmtException.class, () -> PmtExpressions.parse("os.system('x')"));
        assertTrue(e.getMessage().contains("'os.system' is not a literal or a pmt call"), e.getMessage());
        e = assertThrows(PmtException.class, () -> PmtExpressions.parse("pmt.deserialize_str(b)"));
        assertTrue(e.getMessage().contains("'b' is not a literal"), e.getMessage());
        e = assertThrows(PmtException.class, () -> PmtExpressions.parse("pmt.make_u8vector(99999999999, 0)"));
        assertTrue(e.getMessage().contains("a vector length must be a whole number from 0 to 16777216"),
                e.getMessage());
    }

    @Test
    void truncatedAndUnknownBytesAreRefusedWithAMessage() {
        var e = assertThrows(PmtException.class, () -> PmtCodec.read(HexFormat.of().parseHex("0a0800000003")));
        assertTrue(e.getMessage().contains("ends early") || e.getMessage().contains("claims"), e.getMessage());
        e = assertThrows(PmtException.class, () -> PmtCodec.read(new byte[] {0x42}));
        assertTrue(e.getMessage().contains("unknown PMT type byte 0x42"), e.getMessage());
        e = assertThrows(PmtException.class, () -> PmtCodec.read(HexFormat.of().parseHex("08ffffffff")));
        assertTrue(e.getMessage().contains("claims"), e.getMessage());
    }
}

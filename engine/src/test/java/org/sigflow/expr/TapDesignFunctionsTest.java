package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code root_raised_cosine(...)} and {@code low_pass_2(...)} give GNU Radio 3.10's firdes taps (recorded in
 * gnuradio_taps.json by tools/reference/gen_gnuradio_taps.py; max error 1e-6 of the largest tap), and bad arguments
 * give one clear error.
 */
public class TapDesignFunctionsTest {

    @Test
    void rootRaisedCosineIsGnuRadios() throws Exception {
        assertTaps("root_raised_cosine[1, 32000, 8000, 0.35, 44]", "root_raised_cosine(1, 32000, 8000, 0.35, 44)");
        assertTaps("root_raised_cosine[32, 32, 1, 0.5, 352]", "root_raised_cosine(32, 32, 1, 0.5, 11 * 32)");
    }

    @Test
    void lowPass2IsGnuRadios() throws Exception {
        assertTaps("low_pass_2[16, 768000, 15000.0, 1000.0, 60] blackman_harris",
                "low_pass_2(16, 16 * 48000, 15e3, 1e3, 60, 'blackman_harris')");
    }

    @Test
    void windowedDesignsAreGnuRadios() throws Exception {
        assertTaps("low_pass[1, 32000, 5000, 1000]", "low_pass(1, 32000, 5000, 1000)");
        assertTaps("low_pass[3, 3, 0.1, 0.4]", "low_pass(3, 3, 0.1, 0.4, 'hamming')");
        assertTaps("high_pass[1, 48000, 3000, 2000]", "high_pass(1, 48000, 3000, 2000)");
        assertTaps("low_pass[1, 192000, 96000, 24000]", "low_pass(1, 192000, 192000 / 2, 24000)");
        assertTaps("band_pass[2, 48000, 3000, 9000, 1500]", "band_pass(2, 48000, 3000, 9000, 1500)");
        assertTaps("band_reject[1, 48000, 3000, 9000, 1500]", "band_reject(1, 48000, 3000, 9000, 1500)");
        assertTaps("low_pass[1, 32000, 5000, 1000] kaiser 7", "low_pass(1, 32000, 5000, 1000, 'kaiser', 7)");
        assertTaps("band_pass[1, 48000, 3000, 9000, 1500] blackman",
                "band_pass(1, 48000, 3000, 9000, 1500, 'blackman')");
    }

    @Test
    void badArgumentsSayWhat() {
        ExprAssertions.assertError("low_pass(): cutoff (96001.0 Hz) must be above 0 and at most the Nyquist frequency "
                + "(96000.0 Hz)", 0, "low_pass(1, 192000, 96001, 24000)");
        ExprAssertions.assertError("band_pass(): high cutoff (1000.0 Hz) must be above low cutoff (3000.0 Hz)", 0,
                "band_pass(1, 48000, 3000, 1000, 100)");
        ExprAssertions.assertError("low_pass() needs a window name ('hamming', 'kaiser', …), got integer 3", 0,
                "low_pass(1, 8, 1, 1, 3)");
        ExprAssertions.assertError("root_raised_cosine(): alpha (excess bandwidth) must be in (0, 1], got 0.0", 0,
                "root_raised_cosine(1, 4, 1, 0, 11)");
        ExprAssertions.assertError("low_pass_2(): unknown window 'foo'", 0, "low_pass_2(1, 8, 1, 1, 60, 'foo')");
        ExprAssertions.assertError("low_pass_2(): low_pass_2: the attenuation (-60.0 dB) must be > 0 and give fewer"
                + " than 1e8 taps", 0, "low_pass_2(1, 8, 1, 1, -60)");
    }

    private static void assertTaps(String name, String expression) throws Exception {
        assertGnuRadioTaps(name, ExprAssertions.eval(expression));
    }

    /** {@code taps} (a list) equal GNU Radio's recorded design {@code name} within 1e-6 of its largest tap. */
    public static void assertGnuRadioTaps(String name, Value taps) throws Exception {
        JsonNode want = recorded(name);
        List<Value> got = ((Value.ListValue) taps).items();
        assertEquals(want.size(), got.size(), name + ": tap count");
        double peak = 0;
        double worst = 0;
        for (int i = 0; i < got.size(); i++) {
            peak = Math.max(peak, Math.abs(want.get(i).asDouble()));
            worst = Math.max(worst, Math.abs(got.get(i).asDouble() - want.get(i).asDouble()));
        }
        assertTrue(worst <= 1e-6 * peak, name + ": max error " + worst);
    }

    private static JsonNode recorded(String name) throws Exception {
        try (InputStream in = TapDesignFunctionsTest.class.getResourceAsStream("/reference/gnuradio_taps.json")) {
            for (JsonNode c : new ObjectMapper().readTree(in)) {
                if (c.get("name").asText().equals(name)) {
                    return c.get("taps");
                }
            }
        }
        throw new AssertionError("no recorded design " + name);
    }
}

package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** GRC's Python values: what is rewritten, what is kept and flagged (never guessed). */
class PythonExpressionsTest {
    private static final Set<String> VARS = Set.of("samp_rate", "fft_size");

    private static String ok(String python) {
        PythonExpressions.Translation t = PythonExpressions.translate(python, VARS);
        assertTrue(t.ok(), python + ": " + t.problem());
        return t.text();
    }

    @Test
    void modulesConstantsAndFunctionsAreRewritten() {
        assertEquals("2*pi*samp_rate", ok("2*math.pi*samp_rate"));
        assertEquals("sqrt(fft_size) + arg(1j) + atan2(1, 2) + e", ok("numpy.sqrt(fft_size) + np.angle(1j) + "
                + "numpy.arctan2(1, 2) + math.e"));
        assertEquals("True if samp_rate > 1e6 else False", ok("True if samp_rate > 1e6 else False"));
        assertEquals("[1.0/fft_size]*fft_size", ok("[1.0/fft_size]*fft_size"));
        assertEquals("'math.pi'", ok("'math.pi'"));                       // inside a string: untouched
    }

    @Test
    void gnuRadioTapDesignsBecomeFunctionsOfTheLanguage() {
        assertEquals("root_raised_cosine(32, 32*samp_rate, 1.0, 0.35, 11*32)",
                ok("firdes.root_raised_cosine(32, 32*samp_rate, 1.0, 0.35, 11*32)"));
        assertEquals("low_pass_2(1, samp_rate, 1e3, 1e2, 60, 'kaiser', 7)",
                ok("filter.firdes.low_pass_2(1, samp_rate, 1e3, 1e2, 60, window.WIN_KAISER, 7)"));
        assertEquals("low_pass_2(1, samp_rate, 1e3, 1e2, 60, 'blackman_harris')",
                ok("firdes.low_pass_2(1, samp_rate, 1e3, 1e2, 60, fft.window.WIN_BLACKMAN_hARRIS)"));
        assertEquals("band_pass(1, samp_rate, 1e3, 2e3, 1e2, 'blackman')",
                ok("firdes.band_pass(1, samp_rate, 1e3, 2e3, 1e2, window.WIN_BLACKMAN)"));
        assertEquals("low_pass(1, samp_rate, 1e3, 1e2)", ok("filter.firdes.low_pass(1, samp_rate, 1e3, 1e2)"));
        assertEquals("arange(-1, 1, 0.01)", ok("numpy.arange(-1, 1, 0.01)"));
        assertEquals("kron(ones(fft_size), arange(4))", ok("np.kron(np.ones(fft_size), np.arange(4))"));
        assertEquals("transpose_flat(arange(64), [4, 16])", ok("np.reshape(np.arange(64), (4, 16)).T.flatten()"));
        assertEquals("transpose_flat(zeros(4), [2, 2])", ok("numpy.reshape(numpy.zeros(4), (2, 2)).transpose().ravel()"));
        assertEquals("'firdes.low_pass_2('", ok("'firdes.low_pass_2('"));    // inside a string: untouched
    }

    @Test
    void tuplesBecomeListsButCallsStayCalls() {
        assertEquals("[0, 1, 0, 1]", ok("(0, 1, 0, 1)"));
        assertEquals("[[1, 1, 1, -1,],]", ok("((1, 1, 1, -1,),)"));
        assertEquals("[-3,-1,   3,1]", ok("-3,-1,   3,1"));
        assertEquals("(range(10))", ok("list(range(10))"));
        assertEquals("max(1, 2) * (samp_rate + 1)", ok("max(1, 2) * (samp_rate + 1)"));
        assertEquals("['a,b', 2]", ok("('a,b', 2)"));
    }

    @Test
    void aCStyleCastIsACallOfTheParenthesisedName() {
        assertEquals("int(samp_rate/fft_size)", ok("(int)(samp_rate/fft_size)"));
        assertEquals("float(fft_size) * 2", ok("( float ) (fft_size) * 2"));
        assertEquals("sqrt(fft_size)", ok("(numpy.sqrt)(fft_size)"));
        assertEquals("[1, int(2.5)]", ok("(1, (int)(2.5))"));
        assertEquals("max(1, 2) * (samp_rate) * (fft_size)", ok("max(1, 2) * (samp_rate) * (fft_size)"));
        assertFalse(PythonExpressions.translate("(samp_rate)(2)", VARS).ok());      // calling a number: refused
        assertFalse(PythonExpressions.translate("(os.system)('ls')", VARS).ok());   // never executed, refused
    }

    @Test
    void whatSigFlowCannotReadIsKeptAndExplained() {
        for (String python : new String[] {"firdes.complex_band_pass(1, samp_rate, 1e3, 1e2)", "{0: 1, 1: 2}[samp_rate]",
                "[x for x in range(4)]", "None", "samp_rate in (1, 2)", "numpy.full(8, 1)", "r'raw'", "'''doc'''", "unknown_var * 2", ""}) {
            PythonExpressions.Translation t = PythonExpressions.translate(python, VARS);
            assertFalse(t.ok(), python);
            assertEquals(python, t.text());
        }
        assertEquals("refers to 'None', not a variable of the imported graph",
                PythonExpressions.translate("None", VARS).problem());
        assertEquals("refers to 'rrc_taps' (a GRC variable_rrc_filter_taps block, not imported), not a variable of "
                + "the imported graph", PythonExpressions.translate("rrc_taps", VARS,
                java.util.Map.of("rrc_taps", "variable_rrc_filter_taps")).problem());
    }

    @Test
    void variableNamesThatSigFlowReservesAreRecognised() {
        assertTrue(GrcVariables.usableName("samp_rate"));
        for (String reserved : new String[] {"e", "pi", "sum", "range", "and", "True"}) {
            assertFalse(GrcVariables.usableName(reserved), reserved);
        }
    }

    @Test
    void rawStringsBecomeQuotedLiterals() {
        assertEquals("'/tmp/a b.cfile'", PythonExpressions.stringLiteral("/tmp/a b.cfile"));
        assertEquals("'it\\'s'", PythonExpressions.stringLiteral("it's"));
        assertEquals("'x.dat'", PythonExpressions.stringLiteral("'x.dat'"));
    }
}

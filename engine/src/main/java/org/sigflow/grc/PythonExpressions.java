package org.sigflow.grc;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;

/**
 * Translates a GRC parameter value (Python expression text) into SigFlow's expression language without executing
 * anything: module-qualified constants and math functions are rewritten ({@code math.pi} → {@code pi},
 * {@code numpy.sqrt(x)} → {@code sqrt(x)}, {@code numpy.angle} → {@code arg}); the result must then parse as a
 * SigFlow expression and refer only to known variables. Anything else ({@code firdes.low_pass(...)}, method calls,
 * dicts, comprehensions, {@code None}) is not guessed: the caller gets the reason and keeps the original text.
 */
final class PythonExpressions {
    private static final String MODULES = "(?:math|cmath|numpy|np|scipy)";
    private static final Pattern CONSTANT = Pattern.compile("(?<![\\w.])" + MODULES + "\\.(pi|e|inf|nan)\\b");
    private static final Pattern FUNCTION = Pattern.compile("(?<![\\w.])" + MODULES + "\\.(\\w+)(?=\\s*\\()");
    /** Python/numpy function → SigFlow function of the same meaning. */
    private static final Map<String, String> FUNCTIONS = Map.ofEntries(
            Map.entry("sqrt", "sqrt"), Map.entry("exp", "exp"), Map.entry("log", "log"), Map.entry("log10", "log10"),
            Map.entry("sin", "sin"), Map.entry("cos", "cos"), Map.entry("tan", "tan"), Map.entry("sinh", "sinh"),
            Map.entry("cosh", "cosh"), Map.entry("tanh", "tanh"), Map.entry("asin", "asin"),
            Map.entry("acos", "acos"), Map.entry("atan", "atan"), Map.entry("arcsin", "asin"),
            Map.entry("arccos", "acos"), Map.entry("arctan", "atan"), Map.entry("atan2", "atan2"),
            Map.entry("arctan2", "atan2"), Map.entry("floor", "floor"), Map.entry("ceil", "ceil"),
            Map.entry("pow", "pow"), Map.entry("power", "pow"), Map.entry("fabs", "abs"), Map.entry("abs", "abs"), Map.entry("square", "square"),
            Map.entry("absolute", "abs"), Map.entry("real", "real"), Map.entry("imag", "imag"),
            Map.entry("conj", "conj"), Map.entry("conjugate", "conj"), Map.entry("angle", "arg"),
            Map.entry("phase", "arg"), Map.entry("arange", "arange"), Map.entry("mean", "mean"));
    /** numpy array makers of the same name and meaning (1-D; see ArrayFunctions). */
    private static final Set<String> ARRAY_FUNCTIONS = Set.of("ones", "zeros", "kron");
    /** {@code np.reshape(} of {@code np.reshape(x, (r, c)).T.flatten()}, read up to its closing parenthesis. */
    private static final Pattern RESHAPE = Pattern.compile("(?<![\\w.])(?:numpy|np)\\.reshape\\s*\\(");
    private static final Pattern TRANSPOSE_FLATTEN = Pattern.compile(
            "\\s*\\.\\s*(?:T|transpose\\s*\\(\\s*\\))\\s*\\.\\s*(?:flatten|ravel)\\s*\\(\\s*\\)");

    /** GNU Radio's tap designs that are functions of SigFlow's language of the same name. */
    private static final Pattern TAP_DESIGN = Pattern.compile(
            "(?<![\\w.])(?:(?:gr\\.)?filter\\.)?firdes\\.(root_raised_cosine|low_pass_2|low_pass|high_pass|band_pass|band_reject)(?=\\s*\\()");
    /** GNU Radio's window constants → SigFlow's window names (string arguments of {@code low_pass_2}). */
    private static final Pattern WINDOW = Pattern.compile(
            "(?<![\\w.])(?:(?:fft\\.)?window|(?:filter\\.)?firdes)\\.WIN_(HAMMING|HANNING|HANN|BLACKMAN_hARRIS"
                    + "|BLACKMAN_HARRIS|BLACKMAN|RECTANGULAR|KAISER)\\b");
    private static final Map<String, String> WINDOWS = Map.of("HAMMING", "hamming", "HANN", "hann", "HANNING",
            "hann", "BLACKMAN", "blackman", "BLACKMAN_HARRIS", "blackman_harris", "BLACKMAN_hARRIS", "blackman_harris",
            "RECTANGULAR", "rectangular", "KAISER", "kaiser");

    /** GNU Radio's {@code fft.window.hann(n)} etc. → {@code firdes_window('hann', n)} (same taps). */
    private static final Pattern FFT_WINDOW = Pattern.compile("(?<![\\w.])(?:(?:gnuradio\\.)?fft\\.)?window\\."
            + "(hann|hanning|hamming|blackman|blackman_harris|blackmanharris|rectangular|kaiser|flattop)\\s*\\(");
    private static final Map<String, String> FFT_WINDOWS = Map.of("hanning", "hann", "blackmanharris",
            "blackman_harris", "flattop", "flat_top");

    /**
     * A C-style cast written as Python, {@code (int)(x)}: Python reads a parenthesised name followed by a call as a
     * call of that name, so it becomes {@code int(x)}. Not after a name or a closing bracket ({@code f(a)(b)} stays).
     */
    private static final Pattern PARENTHESISED_CALLEE = Pattern.compile(
            "(?<![\\w.)\\]]\\s{0,8})\\(\\s*([A-Za-z_][\\w.]*)\\s*\\)\\s*(?=\\()");

    private PythonExpressions() {}

    /** The outcome: {@code text} is the SigFlow expression when {@code problem} is {@code null}. */
    record Translation(String text, String problem) {
        boolean ok() {
            return problem == null;
        }
    }

    /**
     * @param variables the names an expression may refer to (the imported graph's variables)
     */
    static Translation translate(String python, Set<String> variables) {
        return translate(python, variables, Map.of());
    }

    /**
     * @param variables  the names an expression may refer to (the imported graph's variables)
     * @param grcBlocks  every block of the GRC file, name → GRC type id, to say what an unknown name was in GRC
     */
    static Translation translate(String python, Set<String> variables, Map<String, String> grcBlocks) {
        String text = rewrite(GrcFsmUtils.expand(python.strip()));
        if (text != null) {
            text = tuplesToLists(text);
        }
        if (text == null) {
            return new Translation(python, "a Python string form SigFlow does not read (triple quotes, prefixes "
                    + "or an unterminated string)");
        }
        if (text.isEmpty()) {
            return new Translation(python, "the value is empty");
        }
        Expression e;
        try {
            e = Expression.parse(text);
        } catch (ExpressionException ex) {
            return new Translation(python, "not a SigFlow expression (" + ex.getMessage() + ")");
        }
        Set<String> unknown = new TreeSet<>(e.references());
        unknown.removeAll(variables);
        if (!unknown.isEmpty()) {
            return new Translation(python, "refers to " + String.join(", ", unknown.stream().map(n -> "'" + n + "'"
                    + (grcBlocks.containsKey(n) ? " (a GRC " + grcBlocks.get(n) + " block, not imported)" : ""))
                    .toList()) + ", not a variable of the imported graph");
        }
        return new Translation(text, null);
    }

    /** Rewrites outside string literals; {@code null} if a string literal is not one SigFlow reads. */
    private static String rewrite(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        int codeStart = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                if (i > 0 && Character.isLetter(s.charAt(i - 1))) {
                    return null;                                    // r'..', b'..', f'..'
                }
                if (s.startsWith(String.valueOf(c).repeat(3), i)) {
                    return null;
                }
                out.append(rewriteCode(s.substring(codeStart, i)));
                int end = i + 1;
                while (end < s.length() && s.charAt(end) != c) {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                if (end >= s.length()) {
                    return null;
                }
                out.append(s, i, end + 1);
                i = end + 1;
                codeStart = i;
            } else {
                i++;
            }
        }
        out.append(rewriteCode(s.substring(codeStart)));
        return out.toString();
    }

    private static String rewriteCode(String code) {
        // list(x) / tuple(x) of a list-valued x is x; what is not a list fails later, with its own message
        String r = PARENTHESISED_CALLEE.matcher(code).replaceAll("$1");
        r = CONSTANT.matcher(r).replaceAll("$1").replaceAll("(?<![\\w.])(?:list|tuple)\\s*\\(", "(");
        r = TAP_DESIGN.matcher(r).replaceAll("$1");
        r = r.replaceAll("(?<![\\w.])(?:(?:gr\\.)?filter\\.)?firdes\\.window(?=\\s*\\()", "firdes_window");
        r = FFT_WINDOW.matcher(r).replaceAll(w -> "firdes_window('" + FFT_WINDOWS.getOrDefault(w.group(1), w.group(1))
                + "', ");
        // the access code of GNU Radio's packet header formats (gnuradio/digital/packet_utils.py)
        r = r.replaceAll("(?<![\\w.])(?:gnuradio\\.)?digital\\.packet_utils\\.default_access_code\\b",
                "'1010110011011101101001001110001011110010100011000010000011111100'");
        r = GnuRadioPrefix.PATTERN.matcher(r).replaceAll(Matcher.quoteReplacement(GnuRadioPrefix.literal()));
        r = WINDOW.matcher(r).replaceAll(w -> "'" + WINDOWS.get(w.group(1)) + "'");
        r = reshapeTransposed(r);
        Matcher m = FUNCTION.matcher(r);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String mapped = ARRAY_FUNCTIONS.contains(m.group(1)) ? m.group(1) : FUNCTIONS.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(mapped != null ? mapped : m.group()));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** {@code np.reshape(x, (r, c)).T.flatten()} → {@code transpose_flat(x, (r, c))}; other reshapes stay as they are. */
    private static String reshapeTransposed(String code) {
        Matcher m = RESHAPE.matcher(code);
        while (m.find()) {
            int depth = 1;
            int i = m.end();
            while (i < code.length() && depth > 0) {
                char c = code.charAt(i++);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            }
            Matcher tail = TRANSPOSE_FLATTEN.matcher(code).region(i, code.length());
            if (depth == 0 && tail.lookingAt()) {
                code = code.substring(0, m.start()) + "transpose_flat(" + code.substring(m.end(), i)
                        + code.substring(tail.end());
                m = RESHAPE.matcher(code);
            }
        }
        return code;
    }

    /**
     * Python tuples become lists (SigFlow has no tuples, and GRC values use them where lists are meant):
     * {@code (1, 2)} → {@code [1, 2]}, {@code (x,)} → {@code [x,]}, a bare {@code 1, 2} → {@code [1, 2]}. A
     * parenthesis right after a name or a closing bracket is a call, not a tuple. Returns {@code null} for
     * unbalanced brackets.
     */
    static String tuplesToLists(String s) {
        char[] out = s.toCharArray();
        int[] open = new int[s.length() + 1];          // stack of '(' / '[' positions; -1 marks a call's '('
        boolean[] comma = new boolean[s.length() + 1];
        int depth = 0;
        boolean topComma = false;
        char quote = 0;
        for (int i = 0; i < out.length; i++) {
            char c = out[i];
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            switch (c) {
                case '\'', '"' -> quote = c;
                case '(', '[', '{' -> {
                    int j = i - 1;
                    while (j >= 0 && out[j] == ' ') {
                        j--;
                    }
                    boolean call = j >= 0 && (Character.isLetterOrDigit(out[j]) || out[j] == '_' || out[j] == ')'
                            || out[j] == ']');
                    open[depth] = c == '(' && !call ? i : -1;
                    comma[depth++] = false;
                }
                case ')', ']', '}' -> {
                    if (depth == 0) {
                        return null;
                    }
                    depth--;
                    if (c == ')' && open[depth] >= 0 && comma[depth]) {
                        out[open[depth]] = '[';
                        out[i] = ']';
                    }
                }
                case ',' -> {
                    if (depth == 0) {
                        topComma = true;
                    } else {
                        comma[depth - 1] = true;
                    }
                }
                default -> { }
            }
        }
        if (depth != 0 || quote != 0) {
            return null;
        }
        String r = new String(out);
        return topComma ? "[" + r + "]" : r;
    }

    /** A Python value that GRC reads as a raw string (file paths) as a SigFlow string literal. */
    static String stringLiteral(String raw) {
        String v = raw.strip();
        if (v.length() >= 2 && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
            v = v.substring(1, v.length() - 1);
        }
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}

package org.sigflow.app.panels;

import java.util.Map;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Value;
import org.sigflow.validate.ParamEvaluator;
import org.sigflow.validate.ParamValueException;

/** What a param's text evaluates to, with the engine's own checks, as the properties panel shows it inline. */
record ValuePreview(String text, boolean error) {
    private static final int MAX = 80;

    /** {@code " (500 kHz)"} for large or small values in Hz or s, as an engineer reads them; else empty. */
    static String scaled(Value v, String unit) {
        boolean number = v instanceof Value.Real || v instanceof Value.Int;
        if (unit == null || !(unit.equals("Hz") || unit.equals("s")) || !number) {
            return "";
        }
        double x = v.asDouble();
        double a = Math.abs(x);
        String[] prefixes = {"n", "µ", "m", "", "k", "M", "G"};
        if (a == 0 || (a >= 1 && a < 1000) || !Double.isFinite(x)) {
            return "";
        }
        int e = (int) Math.clamp(Math.floor(Math.log10(a) / 3), -3, 3);
        double m = x / Math.pow(1000, e);
        String num = java.math.BigDecimal.valueOf(m).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString();
        return " (" + num + " " + prefixes[e + 3] + unit + ")";
    }

    static ValuePreview of(ParamDef def, String text, Map<String, Value> variables) {
        try {
            Value v = ParamEvaluator.evaluate(def, text, variables);
            if (def.type() == ParamType.ENUM) {
                return new ValuePreview("", false); // the choice box already shows the option
            }
            String shown = v.display();
            if (shown.length() > MAX) {
                shown = shown.substring(0, MAX - 1) + "…";
            }
            return new ValuePreview("= " + shown + (def.unit() != null ? " " + def.unit() : "") + scaled(v, def.unit()),
                    false);
        } catch (ParamValueException e) {
            return new ValuePreview(e.getMessage(), true);
        }
    }
}

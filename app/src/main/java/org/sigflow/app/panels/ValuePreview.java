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
            return new ValuePreview("= " + shown + (def.unit() != null ? " " + def.unit() : ""), false);
        } catch (ParamValueException e) {
            return new ValuePreview(e.getMessage(), true);
        }
    }
}

package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.Arrays;
import java.util.Optional;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code message_edit_box}: GNU Radio's Qt message edit box. Its {@code value} is the box's text; each time it
 * changes while the graph runs (a control view's entry) the text is converted as GNU Radio's {@code edit_finished}
 * converts it — int → long, float → double of the float, double → double, complex → complex ({@code (re,im)} or a
 * number), string → symbol, and comma-separated s32/f32/f64/c32 vectors — and sent on {@code msg}, as
 * {@code (key . value)} when {@code pair}. Text that does not convert is not sent (GNU Radio logs a warning). A
 * message on {@code val} is shown (the latest, {@link Box#latest()}) and passed on, as GNU Radio's box does.
 */
@AutoService(BlockFactory.class)
public final class MessageEditBox implements BlockFactory {

    @Override
    public String id() {
        return "message_edit_box";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Box(setup.string("data_type"), setup.bool("pair"), setup.string("key"));
    }

    /** The message GNU Radio's edit box makes of {@code text} for {@code type}, or empty when it does not convert. */
    static Optional<Pmt> convert(String type, String text) {
        try {
            return Optional.of(switch (type) {
                case "int" -> Pmt.of((long) Integer.parseInt(text.strip()));
                case "float" -> Pmt.of((double) Float.parseFloat(text.strip()));
                case "double" -> Pmt.of(Double.parseDouble(text.strip()));
                case "complex" -> complex(text);
                case "string" -> Pmt.symbol(text);
                case "int_vec" -> new Pmt.Uniform(UniformKind.S32, Arrays.stream(items(text))
                        .mapToInt(Integer::parseInt).toArray());
                case "flt_vec" -> {
                    String[] s = items(text);
                    float[] v = new float[s.length];
                    for (int i = 0; i < s.length; i++) {
                        v[i] = Float.parseFloat(s[i]);
                    }
                    yield new Pmt.Uniform(UniformKind.F32, v);
                }
                case "dbl_vec" -> new Pmt.Uniform(UniformKind.F64, Arrays.stream(items(text))
                        .mapToDouble(Double::parseDouble).toArray());
                case "cpx_vec" -> {
                    String[] s = items(text.replace("(", "").replace(")", ""));
                    float[] v = new float[s.length / 2 * 2]; // GNU Radio drops an unpaired last number
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Float.parseFloat(s[i]);
                    }
                    yield new Pmt.Uniform(UniformKind.C32, v);
                }
                default -> throw new IllegalArgumentException("unknown edit box type '" + type + "'");
            });
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String[] items(String text) {
        return Arrays.stream(text.split(",")).map(s -> s.replace(" ", "")).toArray(String[]::new);
    }

    /** {@code (re,im)} as C++ streams read a complex, or a plain number. */
    private static Pmt complex(String text) {
        String t = text.strip();
        if (t.startsWith("(") && t.endsWith(")")) {
            String[] p = t.substring(1, t.length() - 1).split(",");
            return new Pmt.Complex(Float.parseFloat(p[0].strip()), p.length > 1 ? Float.parseFloat(p[1].strip()) : 0);
        }
        return new Pmt.Complex(Float.parseFloat(t), 0);
    }

    public static final class Box extends MessageWidget {
        private final String type;
        private final boolean pair;
        private final String key;
        private volatile Pmt latest;

        Box(String type, boolean pair, String key) {
            this.type = type;
            this.pair = pair;
            this.key = key;
            convert(type, ""); // an unknown type fails here, at start
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("value")) {
                super.applyParam(paramId, value);
            }
            String text = value instanceof Value.Str s ? s.value() : value.toString();
            convert(type, text).ifPresent(m -> {
                Pmt out = pair ? new Pmt.Pair(Pmt.symbol(key), m) : m;
                latest = out;
                ports.post("msg", out);
            });
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            if (!port.equals("val")) {
                throw new IllegalArgumentException("message_edit_box has no message input '" + port + "'");
            }
            latest = message;
            ports.post("msg", message);
        }

        /** The latest message sent or shown (any thread). */
        public Optional<Pmt> latest() {
            return Optional.ofNullable(latest);
        }
    }
}

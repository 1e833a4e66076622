package org.sigflow.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;

/**
 * Reads the block objects of one catalog file (see {@code docs/catalog-format.md}), checking each key strictly and
 * collecting every problem. A block with problems is not returned.
 */
final class CatalogEntryReader {

    private static final Pattern BLOCK_ID = Pattern.compile("[a-z][a-z0-9_]*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final List<String> BLOCK_KEYS =
            List.of("id", "label", "category", "domain", "cpu_twin", "doc", "params", "inputs", "outputs",
                    "asserts", "message_inputs", "message_outputs", "tags");
    private static final List<String> MESSAGE_PORT_KEYS = List.of("name", "doc");
    private static final List<String> PARAM_KEYS = List.of("id", "label", "type", "default", "options",
            "optionLabels", "range", "unit", "runtime", "group", "doc");
    private static final List<String> PORT_KEYS = List.of("name", "dtype", "vlen", "domain", "optional", "count");
    private static final List<String> ASSERT_KEYS = List.of("check", "message");
    private static final List<String> RANGE_KEYS = List.of("min", "max");

    private final String file;
    private final List<CatalogProblem> problems;
    private int problemsAtBlockStart;

    CatalogEntryReader(String file, List<CatalogProblem> problems) {
        this.file = file;
        this.problems = problems;
    }

    /** The blocks of a file's root: one block object, or {@code {"blocks": [...]}}. */
    List<BlockDef> readFile(JsonNode root) {
        List<BlockDef> out = new ArrayList<>();
        if (root instanceof ObjectNode o && o.has("blocks") && !o.has("id")) {
            if (o.size() != 1) {
                error("$", "a file with \"blocks\" must hold nothing else");
            }
            JsonNode blocks = o.get("blocks");
            if (!blocks.isArray()) {
                error("$.blocks", "\"blocks\" must be a list of block objects");
                return out;
            }
            for (int i = 0; i < blocks.size(); i++) {
                BlockDef b = block(blocks.get(i), "$.blocks[" + i + "]");
                if (b != null) {
                    out.add(b);
                }
            }
            return out;
        }
        BlockDef b = block(root, "$");
        if (b != null) {
            out.add(b);
        }
        return out;
    }

    private BlockDef block(JsonNode node, String path) {
        problemsAtBlockStart = problems.size();
        if (!object(node, path, "a block", BLOCK_KEYS)) {
            return null;
        }
        String id = requiredString(node, path, "id");
        if (id != null && !BLOCK_ID.matcher(id).matches()) {
            error(path + ".id", "block id '" + id + "' must match [a-z][a-z0-9_]*");
        }
        String label = requiredString(node, path, "label");
        List<String> category = stringList(node, path, "category");
        String domainText = requiredString(node, path, "domain");
        Domain domain = domainText == null ? null : domain(domainText, path + ".domain");
        String cpuTwin = optionalString(node, path, "cpu_twin", null);
        if (cpuTwin != null && domain != Domain.CUDA) {
            error(path + ".cpu_twin", "only a CUDA block (domain cuda) names a CPU twin");
        }
        String doc = optionalString(node, path, "doc", "");
        List<ParamDef> params = new ArrayList<>();
        forEach(node, path, "params", (n, p) -> param(n, p, params));
        List<PortDef> inputs = new ArrayList<>();
        forEach(node, path, "inputs", (n, p) -> port(n, p, params, inputs));
        List<PortDef> outputs = new ArrayList<>();
        forEach(node, path, "outputs", (n, p) -> port(n, p, params, outputs));
        if (domain != null) {
            GpuDeviceParam.addTo(domain, params, inputs, outputs);
        }
        List<AssertDef> asserts = new ArrayList<>();
        forEach(node, path, "asserts", (n, p) -> {
            if (object(n, p, "an assert", ASSERT_KEYS)) {
                String check = requiredString(n, p, "check");
                String message = requiredString(n, p, "message");
                checkExpression(check, p + ".check");
                if (check != null && message != null) {
                    asserts.add(new AssertDef(check, message));
                }
            }
        });
        List<MessagePortDef> messageInputs = new ArrayList<>();
        forEach(node, path, "message_inputs", (n, p) -> messagePort(n, p, inputs, messageInputs));
        List<MessagePortDef> messageOutputs = new ArrayList<>();
        forEach(node, path, "message_outputs", (n, p) -> messagePort(n, p, outputs, messageOutputs));
        List<String> tags = stringList(node, path, "tags");
        if (problems.size() > problemsAtBlockStart) {
            return null;
        }
        return new BlockDef(id, label, category, domain, cpuTwin, doc, params, inputs, outputs, asserts,
                messageInputs, messageOutputs, tags);
    }

    private void param(JsonNode n, String path, List<ParamDef> params) {
        int problemsBefore = problems.size();
        if (!object(n, path, "a param", PARAM_KEYS)) {
            return;
        }
        String id = requiredString(n, path, "id");
        if (id != null && !NAME.matcher(id).matches()) {
            error(path + ".id", "param id '" + id + "' must be a name usable in expressions ([A-Za-z_][A-Za-z0-9_]*)");
        }
        if (id != null && params.stream().anyMatch(p -> p.id().equals(id))) {
            error(path + ".id", "param id '" + id + "' appears twice in this block");
        }
        String typeText = requiredString(n, path, "type");
        ParamType type = typeText == null ? null : ParamType.fromId(typeText);
        if (typeText != null && type == null) {
            error(path + ".type", "unknown param type '" + typeText + "' (known: " + String.join(", ",
                    Arrays.stream(ParamType.values()).map(ParamType::id).toList()) + ")");
        }
        List<String> options = stringList(n, path, "options");
        List<String> optionLabels = stringList(n, path, "optionLabels");
        if (type == ParamType.ENUM && options.isEmpty()) {
            error(path + ".options", "an enum param needs at least one option");
        }
        if (type != null && type != ParamType.ENUM && n.has("options")) {
            error(path + ".options", "only enum params have options");
        }
        if (new HashSet<>(options).size() != options.size()) {
            error(path + ".options", "options must be distinct");
        }
        if (n.has("optionLabels") && optionLabels.size() != options.size()) {
            error(path + ".optionLabels", "there are " + optionLabels.size() + " option labels for "
                    + options.size() + " options");
        }
        String defaultValue = optionalString(n, path, "default", null);
        if (type == ParamType.ENUM && defaultValue != null && !options.isEmpty() && !options.contains(defaultValue)) {
            error(path + ".default", "default '" + defaultValue + "' is not one of the options " + options);
        }
        if (type != ParamType.ENUM) {
            checkExpression(defaultValue, path + ".default");
        }
        if (defaultValue == null && type != null) {
            defaultValue = neutralDefault(type, options);
        }
        Double min = null;
        Double max = null;
        JsonNode range = n.get("range");
        if (range != null && object(range, path + ".range", "a range", RANGE_KEYS)) {
            min = optionalNumber(range, path + ".range", "min");
            max = optionalNumber(range, path + ".range", "max");
            if (min != null && max != null && min > max) {
                error(path + ".range", "min " + min + " is greater than max " + max);
            }
            if (type != null && !type.isRanged()) {
                error(path + ".range", "a range applies only to int, real and real_list params");
            }
        }
        String label = optionalString(n, path, "label", id);
        String unit = optionalString(n, path, "unit", null);
        boolean runtime = optionalBool(n, path, "runtime");
        String group = optionalString(n, path, "group", "General");
        String doc = optionalString(n, path, "doc", "");
        if (id != null && type != null && label != null && problems.size() == problemsBefore) {
            params.add(new ParamDef(id, label, type, defaultValue, options, optionLabels, min, max, unit, runtime,
                    group, doc));
        }
    }

    /** The default when the catalog gives none: the first option, or the type's zero. */
    private static String neutralDefault(ParamType type, List<String> options) {
        return switch (type) {
            case ENUM -> options.isEmpty() ? "" : options.getFirst();
            case INT, REAL, COMPLEX -> "0";
            case BOOL -> "false";
            case STRING, FILE -> "''";
            case REAL_LIST, COMPLEX_LIST, COMPLEX_LISTS -> "[]";
        };
    }

    private void port(JsonNode n, String path, List<ParamDef> params, List<PortDef> ports) {
        if (!object(n, path, "a port", PORT_KEYS)) {
            return;
        }
        String name = requiredString(n, path, "name");
        if (name != null && !NAME.matcher(name).matches()) {
            error(path + ".name", "port name '" + name + "' must match [A-Za-z_][A-Za-z0-9_]*");
        }
        if (name != null && ports.stream().anyMatch(p -> p.name().equals(name))) {
            error(path + ".name", "port name '" + name + "' appears twice");
        }
        String dtype = requiredString(n, path, "dtype");
        if (dtype != null) {
            checkDtype(dtype, path + ".dtype", params);
        }
        String vlen = optionalString(n, path, "vlen", "1");
        String domainText = optionalString(n, path, "domain", null);
        Domain domain = domainText == null ? null : domain(domainText, path + ".domain");
        boolean optional = optionalBool(n, path, "optional");
        String count = optionalString(n, path, "count", "1");
        checkExpression(vlen, path + ".vlen");
        checkExpression(count, path + ".count");
        if (name != null && dtype != null && vlen != null && count != null) {
            ports.add(new PortDef(name, dtype, vlen, domain, optional, count));
        }
    }

    /** A message port's name is unique among the block's ports of the same direction, stream ones included. */
    private void messagePort(JsonNode n, String path, List<PortDef> streamPorts, List<MessagePortDef> ports) {
        if (!object(n, path, "a message port", MESSAGE_PORT_KEYS)) {
            return;
        }
        String name = requiredString(n, path, "name");
        if (name != null && !NAME.matcher(name).matches()) {
            error(path + ".name", "port name '" + name + "' must match [A-Za-z_][A-Za-z0-9_]*");
        }
        if (name != null && (ports.stream().anyMatch(p -> p.name().equals(name))
                || streamPorts.stream().anyMatch(p -> p.name().equals(name)))) {
            error(path + ".name", "port name '" + name + "' appears twice");
        }
        String doc = optionalString(n, path, "doc", "");
        if (name != null) {
            ports.add(new MessagePortDef(name, doc));
        }
    }

    private void checkDtype(String dtype, String path, List<ParamDef> params) {
        if (!dtype.startsWith("$")) {
            if (Dtype.fromId(dtype) == null || !Dtype.fromId(dtype).id().equals(dtype)) {
                error(path, "unknown dtype '" + dtype + "' (known: " + String.join(", ",
                        Arrays.stream(Dtype.values()).map(Dtype::id).toList()) + ", or $param)");
            }
            return;
        }
        String paramId = dtype.substring(1);
        ParamDef p = params.stream().filter(d -> d.id().equals(paramId)).findFirst().orElse(null);
        if (p == null || p.type() != ParamType.ENUM) {
            error(path, "'" + dtype + "' must name an enum param of this block whose options are dtypes");
            return;
        }
        boolean hasType = params.stream().anyMatch(d -> d.id().equals("type") && d.type() == ParamType.ENUM);
        List<String> notDtypes = p.options().stream().filter(o -> !(o.equals(PortDef.SAME_AS_TYPE) && hasType)
                && (Dtype.fromId(o) == null || !Dtype.fromId(o).id().equals(o))).toList();
        if (!notDtypes.isEmpty()) {
            error(path, "'" + dtype + "' names param '" + paramId + "' whose options " + notDtypes
                    + " are not dtypes");
        }
    }

    /** Catalog expressions are checked for syntax at load time, so authors see mistakes before any graph uses them. */
    private void checkExpression(String text, String path) {
        if (text == null) {
            return;
        }
        try {
            Expression.parse(text);
        } catch (ExpressionException e) {
            error(path, "invalid expression '" + text + "': " + e.getMessage());
        }
    }

    private Domain domain(String text, String path) {
        Domain d = Domain.fromId(text);
        if (d == null) {
            error(path, "unknown domain '" + text + "' (use cpu or cuda)");
        }
        return d;
    }

    // --- typed access -------------------------------------------------------------------------------------------

    private interface ElementReader {
        void read(JsonNode node, String path);
    }

    private void forEach(JsonNode n, String path, String key, ElementReader reader) {
        JsonNode list = n.get(key);
        if (list == null) {
            return;
        }
        if (!list.isArray()) {
            error(path + "." + key, "\"" + key + "\" must be a list");
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            reader.read(list.get(i), path + "." + key + "[" + i + "]");
        }
    }

    private boolean object(JsonNode n, String path, String what, List<String> known) {
        if (!(n instanceof ObjectNode)) {
            error(path, what + " must be an object");
            return false;
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                error(path + "." + key, "unknown key \"" + key + "\" in " + what + " (known: "
                        + String.join(", ", known) + ")");
            }
        }
        return true;
    }

    private String requiredString(JsonNode n, String path, String key) {
        if (!n.has(key)) {
            error(path, "the required key \"" + key + "\" is missing");
            return null;
        }
        return optionalString(n, path, key, null);
    }

    private String optionalString(JsonNode n, String path, String key, String fallback) {
        JsonNode v = n.get(key);
        if (v == null) {
            return fallback;
        }
        if (!v.isTextual()) {
            error(path + "." + key, "\"" + key + "\" must be a string");
            return null;
        }
        return v.textValue();
    }

    private Double optionalNumber(JsonNode n, String path, String key) {
        JsonNode v = n.get(key);
        if (v == null) {
            return null;
        }
        if (!v.isNumber()) {
            error(path + "." + key, "\"" + key + "\" must be a number");
            return null;
        }
        return v.doubleValue();
    }

    private boolean optionalBool(JsonNode n, String path, String key) {
        JsonNode v = n.get(key);
        if (v == null) {
            return false;
        }
        if (!v.isBoolean()) {
            error(path + "." + key, "\"" + key + "\" must be true or false");
            return false;
        }
        return v.booleanValue();
    }

    private List<String> stringList(JsonNode n, String path, String key) {
        JsonNode v = n.get(key);
        List<String> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (!v.isArray()) {
            error(path + "." + key, "\"" + key + "\" must be a list of strings");
            return out;
        }
        for (JsonNode e : v) {
            if (!e.isTextual()) {
                error(path + "." + key, "\"" + key + "\" must be a list of strings");
                return List.of();
            }
            out.add(e.textValue());
        }
        return out;
    }

    private void error(String path, String message) {
        problems.add(new CatalogProblem(file, path, message));
    }
}

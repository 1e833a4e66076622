package org.sigflow.format;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * A parsed JSON document with the text location of every value, by JSON path. Jackson's tree nodes do not keep
 * locations, so the parser records them beside the tree.
 *
 * @param duplicateKeys problems for keys that appear twice in one object (JSON allows it, the format does not)
 */
public record LocatedJson(JsonNode root, Map<String, Location> locations, List<FormatProblem> duplicateKeys) {

    /** Location of the value at {@code path}, or of its nearest located ancestor (values added by a migration). */
    public Location locate(String path) {
        for (String p = path; p != null; p = JsonPaths.parent(p)) {
            Location l = locations.get(p);
            if (l != null) {
                return l;
            }
        }
        return Location.UNKNOWN;
    }

    public FormatProblem problem(String path, String message) {
        Location l = locate(path);
        return new FormatProblem(path, l.line(), l.column(), message);
    }
}

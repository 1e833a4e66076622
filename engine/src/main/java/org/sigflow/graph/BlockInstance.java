package org.sigflow.graph;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One block placed on the canvas.
 *
 * @param id       instance id, unique in the graph (e.g. {@code fir1})
 * @param type     catalog block id (e.g. {@code fir_filter})
 * @param params   param id → value text, in insertion order: expression text, or the bare option for enum params
 * @param rotation 0, 90, 180 or 270 degrees
 * @param comment  free text shown under the block, or {@code null}
 */
public record BlockInstance(String id, String type, Map<String, String> params, BlockState state, double x, double y,
                           int rotation, String comment) {

    public BlockInstance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(state, "state");
        params = OrderedMaps.copy(params, "params");
        x = Positions.finite(x, "x");
        y = Positions.finite(y, "y");
        if (!isValidRotation(rotation)) {
            throw new IllegalArgumentException("rotation must be 0, 90, 180 or 270, got " + rotation);
        }
    }

    /** A new enabled block at the origin without params. */
    public static BlockInstance of(String id, String type) {
        return new BlockInstance(id, type, Map.of(), BlockState.ENABLED, 0, 0, 0, null);
    }

    public static boolean isValidRotation(int rotation) {
        return rotation == 0 || rotation == 90 || rotation == 180 || rotation == 270;
    }

    public BlockInstance withId(String id) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    public BlockInstance withType(String type) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    public BlockInstance withParams(Map<String, String> params) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    /** Sets one param, keeping its position in the order (new params go last). */
    public BlockInstance withParam(String paramId, String value) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.put(paramId, Objects.requireNonNull(value, "value"));
        return withParams(p);
    }

    public BlockInstance withoutParam(String paramId) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.remove(paramId);
        return withParams(p);
    }

    public BlockInstance withState(BlockState state) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    public BlockInstance withPosition(double x, double y) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    public BlockInstance withRotation(int rotation) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }

    public BlockInstance withComment(String comment) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment);
    }
}

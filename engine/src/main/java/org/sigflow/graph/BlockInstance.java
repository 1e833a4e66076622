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
 * @param host     the part of a split graph the block runs in (a host name or address, see docs/zeromq.md), or
 *                 {@code null} for the local part
 */
public record BlockInstance(String id, String type, Map<String, String> params, BlockState state, double x, double y,
                           int rotation, String comment, String host) {

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
        if (host != null && !isValidHost(host)) {
            throw new IllegalArgumentException(hostRule(host));
        }
    }

    /** A block of the local part (no host). */
    public BlockInstance(String id, String type, Map<String, String> params, BlockState state, double x, double y,
                         int rotation, String comment) {
        this(id, type, params, state, x, y, rotation, comment, null);
    }

    /** A host is a host name or an IPv4/IPv6 address: letters, digits, '.', '-', '_', ':'; 1 to 253 of them. */
    public static boolean isValidHost(String host) {
        return host.matches("[A-Za-z0-9._:-]{1,253}");
    }

    public static String hostRule(String host) {
        return "host \"" + host + "\" must be a host name or address (letters, digits, '.', '-', '_', ':')";
    }

    public BlockInstance withHost(String host) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    /** A new enabled block at the origin without params. */
    public static BlockInstance of(String id, String type) {
        return new BlockInstance(id, type, Map.of(), BlockState.ENABLED, 0, 0, 0, null);
    }

    public static boolean isValidRotation(int rotation) {
        return rotation == 0 || rotation == 90 || rotation == 180 || rotation == 270;
    }

    public BlockInstance withId(String id) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    public BlockInstance withType(String type) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    public BlockInstance withParams(Map<String, String> params) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
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
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    public BlockInstance withPosition(double x, double y) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    public BlockInstance withRotation(int rotation) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    public BlockInstance withComment(String comment) {
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }
}

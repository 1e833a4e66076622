package org.sigflow.blocks.common;

import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockSetup;

/** Reads the conventional {@code type} (IO dtype enum) and {@code vlen} params of a block. */
public final class StreamType {
    private StreamType() {}

    /** The dtype named by the {@code type} enum param. */
    public static Dtype dtype(BlockSetup setup) {
        String id = setup.string("type");
        Dtype d = Dtype.fromId(id);
        if (d == null) {
            throw new IllegalArgumentException("block '" + setup.instanceId() + "': unknown IO type '" + id + "'");
        }
        return d;
    }

    /** The dtype of {@code type}, which must be one of {@code allowed}. */
    public static Dtype dtype(BlockSetup setup, Dtype... allowed) {
        Dtype d = dtype(setup);
        for (Dtype a : allowed) {
            if (a == d) {
                return d;
            }
        }
        throw new IllegalArgumentException("block '" + setup.instanceId() + "' (" + setup.blockId()
                + ") does not support IO type " + d.id());
    }

    /** The {@code vlen} param, 1 when the block has none. */
    public static int vlen(BlockSetup setup) {
        int vlen = setup.has("vlen") ? setup.integer("vlen") : 1;
        if (vlen < 1) {
            throw new IllegalArgumentException("block '" + setup.instanceId() + "': vector length must be >= 1, got " + vlen);
        }
        return vlen;
    }

    /** Array elements per item for the block's {@code type} and {@code vlen}. */
    public static int itemSize(BlockSetup setup) {
        return dtype(setup).components() * vlen(setup);
    }
}

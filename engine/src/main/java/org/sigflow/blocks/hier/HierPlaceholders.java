package org.sigflow.blocks.hier;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * The pads and parameters of a hier block ({@code hier_pad_in}, {@code hier_pad_out}, {@code hier_param}). They
 * describe the hier block's interface and are replaced when a graph that uses it is flattened
 * ({@link org.sigflow.hier.HierFlattener}); on their own they do not run.
 */
public final class HierPlaceholders {
    private HierPlaceholders() {}

    private static Block refuse(BlockSetup s) {
        throw new IllegalArgumentException("'" + s.instanceId() + "' is part of a hier block's interface and runs "
                + "only inside a graph that uses the hier block (place the file's block from the palette's Hier "
                + "category into another graph)");
    }

    /** {@code hier_pad_in}. */
    @AutoService(BlockFactory.class)
    public static final class PadIn implements BlockFactory {
        @Override
        public String id() {
            return "hier_pad_in";
        }

        @Override
        public Block create(BlockSetup s) {
            return refuse(s);
        }
    }

    /** {@code hier_pad_out}. */
    @AutoService(BlockFactory.class)
    public static final class PadOut implements BlockFactory {
        @Override
        public String id() {
            return "hier_pad_out";
        }

        @Override
        public Block create(BlockSetup s) {
            return refuse(s);
        }
    }

    /** {@code hier_msg_pad_in}. */
    @AutoService(BlockFactory.class)
    public static final class MessagePadIn implements BlockFactory {
        @Override
        public String id() {
            return "hier_msg_pad_in";
        }

        @Override
        public Block create(BlockSetup s) {
            return refuse(s);
        }
    }

    /** {@code hier_msg_pad_out}. */
    @AutoService(BlockFactory.class)
    public static final class MessagePadOut implements BlockFactory {
        @Override
        public String id() {
            return "hier_msg_pad_out";
        }

        @Override
        public Block create(BlockSetup s) {
            return refuse(s);
        }
    }

    /** {@code hier_param}. */
    @AutoService(BlockFactory.class)
    public static final class Param implements BlockFactory {
        @Override
        public String id() {
            return "hier_param";
        }

        @Override
        public Block create(BlockSetup s) {
            return refuse(s);
        }
    }
}

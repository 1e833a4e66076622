package org.sigflow.blocks.hier;

import com.google.auto.service.AutoService;
import org.sigflow.hier.HierPads;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * The pads and parameters of a hier block ({@code hier_pad_in}, {@code hier_pad_out}, {@code hier_msg_pad_in},
 * {@code hier_msg_pad_out}, {@code hier_param}). They describe the hier block's interface and are replaced when a
 * graph that uses it is flattened ({@link org.sigflow.hier.HierFlattener}); on their own they refuse to run.
 */
public final class HierPlaceholders {
    private HierPlaceholders() {}

    /** A factory that names the catalog entry and refuses to build it, saying where it belongs. */
    abstract static class Interface implements BlockFactory {
        private final String id;

        Interface(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public Block create(BlockSetup s) {
            throw new IllegalArgumentException("'" + s.instanceId() + "' is part of a hier block's interface and "
                    + "runs only inside a graph that uses the hier block (place the file's block from the palette's "
                    + "Hier category into another graph)");
        }
    }

    /** {@code hier_pad_in}. */
    @AutoService(BlockFactory.class)
    public static final class PadIn extends Interface {
        public PadIn() {
            super(HierPads.PAD_IN);
        }
    }

    /** {@code hier_pad_out}. */
    @AutoService(BlockFactory.class)
    public static final class PadOut extends Interface {
        public PadOut() {
            super(HierPads.PAD_OUT);
        }
    }

    /** {@code hier_msg_pad_in}. */
    @AutoService(BlockFactory.class)
    public static final class MessagePadIn extends Interface {
        public MessagePadIn() {
            super(HierPads.MSG_PAD_IN);
        }
    }

    /** {@code hier_msg_pad_out}. */
    @AutoService(BlockFactory.class)
    public static final class MessagePadOut extends Interface {
        public MessagePadOut() {
            super(HierPads.MSG_PAD_OUT);
        }
    }

    /** {@code hier_param}. */
    @AutoService(BlockFactory.class)
    public static final class Param extends Interface {
        public Param() {
            super(HierPads.PARAM);
        }
    }
}

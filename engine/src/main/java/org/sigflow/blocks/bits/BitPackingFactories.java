package org.sigflow.blocks.bits;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** The bit (un)packing blocks, each a {@link BitRepacker} with GNU Radio's sizes and bit orders. */
public final class BitPackingFactories {
    private BitPackingFactories() {}

    private static boolean msbFirst(BlockSetup s) {
        return "msb".equals(s.string("endianness"));
    }

    private static String what(BlockSetup s) {
        return s.blockId() + " '" + s.instanceId() + "'";
    }

    /** {@code unpack_k_bits}: each byte's low k bits, MSB first, one bit per output byte. */
    @AutoService(BlockFactory.class)
    public static final class UnpackKBits implements BlockFactory {
        @Override
        public String id() {
            return "unpack_k_bits";
        }

        @Override
        public Block create(BlockSetup s) {
            return BitRepacker.checked(what(s), s.integer("k"), true, 1, true);
        }
    }

    /** {@code pack_k_bits}: k bytes' low bits into one byte, first bit most significant. */
    @AutoService(BlockFactory.class)
    public static final class PackKBits implements BlockFactory {
        @Override
        public String id() {
            return "pack_k_bits";
        }

        @Override
        public Block create(BlockSetup s) {
            return BitRepacker.checked(what(s), 1, true, s.integer("k"), true);
        }
    }

    /**
     * {@code packed_to_unpacked}: the bits of each input byte taken in the given order, {@code bits_per_chunk} per
     * output byte, the first taken most significant (GNU Radio does so for both orders).
     */
    @AutoService(BlockFactory.class)
    public static final class PackedToUnpacked implements BlockFactory {
        @Override
        public String id() {
            return "packed_to_unpacked";
        }

        @Override
        public Block create(BlockSetup s) {
            return BitRepacker.checked(what(s), 8, msbFirst(s), s.integer("bits_per_chunk"), true);
        }
    }

    /** {@code unpacked_to_packed}: chunks are read MSB first (as GNU Radio), packed into bytes in the given order. */
    @AutoService(BlockFactory.class)
    public static final class UnpackedToPacked implements BlockFactory {
        @Override
        public String id() {
            return "unpacked_to_packed";
        }

        @Override
        public Block create(BlockSetup s) {
            return BitRepacker.checked(what(s), s.integer("bits_per_chunk"), true, 8, msbFirst(s));
        }
    }

    /**
     * {@code repack_bits}: k bits per input byte to l bits per output byte, both in the given order; with a length
     * tag key, packet by packet ({@link TaggedRepacker}).
     */
    @AutoService(BlockFactory.class)
    public static final class RepackBits implements BlockFactory {
        @Override
        public String id() {
            return "repack_bits";
        }

        @Override
        public Block create(BlockSetup s) {
            boolean msb = msbFirst(s);
            Block plain = BitRepacker.checked(what(s), s.integer("k"), msb, s.integer("l"), msb);
            String key = s.has("len_tag_key") ? s.string("len_tag_key") : "";
            return key.isEmpty() ? plain : new TaggedRepacker(s.integer("k"), s.integer("l"), msb, key,
                    s.bool("align_output"));
        }
    }
}

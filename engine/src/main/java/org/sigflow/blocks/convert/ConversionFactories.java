package org.sigflow.blocks.convert;

import com.google.auto.service.AutoService;
import java.util.Locale;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** The factories of the integer ↔ float converters: id = the conversion's name in lower case. */
public final class ConversionFactories {
    private ConversionFactories() {}

    abstract static class Base implements BlockFactory {
        private final IntegerConversion conversion;

        Base(IntegerConversion conversion) {
            this.conversion = conversion;
        }

        @Override
        public final String id() {
            return conversion.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public final Block create(BlockSetup s) {
            float scale = s.has("scale") ? (float) s.real("scale") : 1f;
            if (scale == 0) {
                throw new IllegalArgumentException(id() + " '" + s.instanceId() + "': the scale must not be 0");
            }
            return new ConversionBlock(conversion, StreamType.vlen(s), scale);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class CharToFloat extends Base {
        public CharToFloat() {
            super(IntegerConversion.CHAR_TO_FLOAT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class UcharToFloat extends Base {
        public UcharToFloat() {
            super(IntegerConversion.UCHAR_TO_FLOAT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ShortToFloat extends Base {
        public ShortToFloat() {
            super(IntegerConversion.SHORT_TO_FLOAT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToChar extends Base {
        public FloatToChar() {
            super(IntegerConversion.FLOAT_TO_CHAR);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToUchar extends Base {
        public FloatToUchar() {
            super(IntegerConversion.FLOAT_TO_UCHAR);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToShort extends Base {
        public FloatToShort() {
            super(IntegerConversion.FLOAT_TO_SHORT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class CharToShort extends Base {
        public CharToShort() {
            super(IntegerConversion.CHAR_TO_SHORT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ShortToChar extends Base {
        public ShortToChar() {
            super(IntegerConversion.SHORT_TO_CHAR);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class IntToFloat extends Base {
        public IntToFloat() {
            super(IntegerConversion.INT_TO_FLOAT);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToInt extends Base {
        public FloatToInt() {
            super(IntegerConversion.FLOAT_TO_INT);
        }
    }
}

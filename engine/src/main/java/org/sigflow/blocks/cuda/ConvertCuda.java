package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Integer ↔ float and integer ↔ integer converters on the GPU, each a {@link KernelMapCuda}:
 * {@code short_to_float_cuda}, {@code char_to_float_cuda}, {@code uchar_to_float_cuda}, {@code float_to_short_cuda},
 * {@code float_to_char_cuda}, {@code float_to_uchar_cuda}, {@code char_to_short_cuda}, {@code short_to_char_cuda};
 * one kernel per page with the twin's arithmetic (divide by the scale; multiply, clip, round half to even; shift a
 * byte); not fusion stages (fused kernels carry floats in and out). The memory nodes carry s32, s16, s8 and u8 pages
 * as they are, so {@code int_to_float_cuda}/{@code float_to_int_cuda} (int ↔ float with the twin's rounding and
 * saturation) are here too.
 */
final class ConvertCuda {
    private ConvertCuda() {}

    private static Block device(BlockSetup s, String kernel) {
        return new KernelMapCuda(s, kernel, (float) s.real("scale")); // the twin's float scale
    }

    @AutoService(BlockFactory.class)
    public static final class ShortToFloat extends KeyedTwinFactory {
        public ShortToFloat() {
            super("short_to_float", "sf_s16_to_f32", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class CharToFloat extends KeyedTwinFactory {
        public CharToFloat() {
            super("char_to_float", "sf_s8_to_f32", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class UcharToFloat extends KeyedTwinFactory {
        public UcharToFloat() {
            super("uchar_to_float", "sf_u8_to_f32", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToShort extends KeyedTwinFactory {
        public FloatToShort() {
            super("float_to_short", "sf_f32_to_s16", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToChar extends KeyedTwinFactory {
        public FloatToChar() {
            super("float_to_char", "sf_f32_to_s8", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToUchar extends KeyedTwinFactory {
        public FloatToUchar() {
            super("float_to_uchar", "sf_f32_to_u8", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class CharToShort extends KeyedTwinFactory {
        public CharToShort() {
            super("char_to_short", "sf_s8_to_s16", KernelMapCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ShortToChar extends KeyedTwinFactory {
        public ShortToChar() {
            super("short_to_char", "sf_s16_to_s8", KernelMapCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class IntToFloat extends KeyedTwinFactory {
        public IntToFloat() {
            super("int_to_float", "sf_s32_to_f32", ConvertCuda::device);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class FloatToInt extends KeyedTwinFactory {
        public FloatToInt() {
            super("float_to_int", "sf_f32_to_s32", ConvertCuda::device);
        }
    }
}

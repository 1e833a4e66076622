package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Byte-stream twins of the digital blocks: {@code binary_slicer_cuda} ({@link KernelMapCuda}: 1 for x ≥ 0, one
 * byte per sample) and {@code byte_map_cuda} (a lookup in the twin's 256-entry table, uploaded once).
 */
final class ByteCuda {
    private ByteCuda() {}

    @AutoService(BlockFactory.class)
    public static final class BinarySlicer extends KeyedTwinFactory {
        public BinarySlicer() {
            super("binary_slicer", "sf_binary_slice", KernelMapCuda::new);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ByteMap extends CudaTwinFactory {
        public ByteMap() {
            super("byte_map");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ByteMapCuda(s.reals("map"));
        }
    }

    /** {@code out = table[in]}; the table is the twin's: map[i] cut to a byte below the map's length, else i. */
    static final class ByteMapCuda extends CudaBlock {
        private final float[] table = new float[256];
        private DevicePage page;

        ByteMapCuda(float[] map) {
            super(1, 1);
            for (int i = 0; i < 256; i++) {
                table[i] = (byte) (i < map.length ? (int) map[i] : i) & 0xff;
            }
        }

        @Override
        protected void open() {
            page = DeviceMemory.upload(cuda, table);
        }

        @Override
        protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
            cuda.kernels().launch("sf_byte_map", stream, items, in[0], out, items, page.ptr());
            return items;
        }

        @Override
        protected boolean replayable() {
            return true;
        }

        @Override
        protected void close() {
            cuda.devicePool().release(page);
        }
    }
}

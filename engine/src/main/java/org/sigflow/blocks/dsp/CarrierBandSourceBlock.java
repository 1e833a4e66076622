package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.CarrierBand;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code carrier_band_source}: an endless seeded band of CW and FM carriers ({@link CarrierBand}). */
public final class CarrierBandSourceBlock extends SyncBlock {
    private final CarrierBand band;

    CarrierBandSourceBlock(CarrierBand band) {
        this.band = band;
    }

    @Override
    protected int maxSteps() {
        return 4096;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        band.write(io.out(0).position(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "carrier_band_source";
        }

        @Override
        public CarrierBandSourceBlock create(BlockSetup s) {
            return new CarrierBandSourceBlock(new CarrierBand(s.real("samp_rate"), s.integer("channels"),
                    s.integer("carriers"), s.real("amplitude"), s.longValue("seed")));
        }
    }
}

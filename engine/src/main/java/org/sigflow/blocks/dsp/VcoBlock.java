package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FixedPointVco;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code vco}: GNU Radio's {@code vco_f} / {@code vco_c}: a fixed-point oscillator whose phase advances by
 * {@code input * sensitivity / samp_rate} radians per sample ({@link FixedPointVco}); output the cosine (f32) or
 * cosine and sine (cf32) times the amplitude.
 */
@AutoService(BlockFactory.class)
public final class VcoBlock implements BlockFactory {

    @Override
    public String id() {
        return "vco";
    }

    @Override
    public Block create(BlockSetup s) {
        double rate = s.real("samp_rate");
        if (!(rate > 0)) {
            throw new IllegalArgumentException("vco: samp_rate must be > 0, got " + rate);
        }
        boolean complex = s.string("type").equals("cf32");
        float k = (float) (s.real("sensitivity") / rate);
        float amplitude = (float) s.real("amplitude");
        FixedPointVco vco = new FixedPointVco();
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                if (complex) {
                    vco.sincos(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps,
                            k, amplitude);
                } else {
                    vco.cos(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps, k,
                            amplitude);
                }
            }
        };
    }
}

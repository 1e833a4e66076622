package org.sigflow.blocks.sinks;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;

import com.google.auto.service.AutoService;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import org.sigflow.expr.Value;
import org.sigflow.radio.soapy.SoapyLink;
import org.sigflow.radio.soapy.SoapyLibrary;
import org.sigflow.radio.soapy.SoapySettings;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code soapy_sink}: transmits CF32 samples through a SoapySDR device that can (HackRF, LimeSDR, USRP, PlutoSDR);
 * the last samples of a finite stream end the burst. Underflows (the device ran dry) are counted.
 */
@AutoService(BlockFactory.class)
public final class SoapySink implements BlockFactory {
    static final int CHUNK = 1 << 14;
    static final long TIMEOUT_US = 100_000;

    @Override
    public String id() {
        return "soapy_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Transmitter(SoapySettings.of(setup));
    }

    static final class Transmitter implements Block {
        @Override
        public boolean waitsOutsideJava() {
            return true; // the driver blocks in native code
        }

        private final SoapySettings settings;
        private SoapyLink link;
        private volatile long underflows;

        Transmitter(SoapySettings settings) {
            this.settings = settings;
        }

        @Override
        public void start() throws Exception {
            link = SoapyLink.open(settings, SoapyLibrary.TX, CHUNK);
        }

        @Override
        public void applyParam(String paramId, Value value) {
            settings.apply(link.device, paramId, value);
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = Math.min(in.available(), CHUNK);
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            MemorySegment.copy(in.floats(), in.offset(), link.buffer, JAVA_FLOAT, 0, 2 * n);
            boolean last = in.finished() && n == in.available();
            int sent = link.device.write(link.buffer, n, last, TIMEOUT_US);
            if (sent == SoapyLibrary.TIMEOUT) {
                return WorkResult.CONTINUE;
            }
            if (sent == SoapyLibrary.UNDERFLOW) {
                underflows++;
                return WorkResult.CONTINUE;
            }
            if (sent < 0) {
                throw new IllegalStateException("soapy_sink: writing to '" + settings.args() + "' failed: "
                        + link.device.errorText(sent));
            }
            io.consume(0, sent);
            return WorkResult.CONTINUE;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("underflows", (double) underflows);
        }

        @Override
        public void stop() {
            if (link != null) {
                link.close();
                link = null;
            }
        }
    }
}

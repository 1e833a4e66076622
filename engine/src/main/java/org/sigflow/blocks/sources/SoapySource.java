package org.sigflow.blocks.sources;

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
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.sigmf.SigmfTags;

/**
 * {@code soapy_source}: receives CF32 samples from any SoapySDR device (RTL-SDR, HackRF, Airspy, LimeSDR, USRP, …)
 * through the system's libSoapySDR. Frequency and gain change while running; {@code rx_freq}/{@code rx_rate} tags
 * mark sample 0 and each retune; overflows (samples the device dropped) are counted in the metrics.
 */
@AutoService(BlockFactory.class)
public final class SoapySource implements BlockFactory {
    static final int CHUNK = 1 << 14;
    static final long TIMEOUT_US = 100_000;

    @Override
    public String id() {
        return "soapy_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Receiver(SoapySettings.of(setup));
    }

    static final class Receiver implements Block {
        @Override
        public boolean waitsOutsideJava() {
            return true; // the driver blocks in native code
        }

        private final SoapySettings settings;
        private SoapyLink link;
        private boolean tagTuning = true;
        private double freq;
        private volatile long overflows;

        Receiver(SoapySettings settings) {
            this.settings = settings;
            this.freq = settings.freq();
        }

        @Override
        public void start() throws Exception {
            link = SoapyLink.open(settings, SoapyLibrary.RX, CHUNK);
        }

        @Override
        public void applyParam(String paramId, Value value) {
            settings.apply(link.device, paramId, value);
            if (paramId.equals("freq")) {
                freq = value.asDouble();
                tagTuning = true;
            }
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView o = io.out(0);
            int n = Math.min(o.space(), CHUNK);
            if (n == 0) {
                return WorkResult.CONTINUE;
            }
            int got = link.device.read(link.buffer, n, TIMEOUT_US);
            if (got == SoapyLibrary.TIMEOUT) {
                return WorkResult.CONTINUE;
            }
            if (got == SoapyLibrary.OVERFLOW) {
                overflows++;
                return WorkResult.CONTINUE;
            }
            if (got < 0) {
                throw new IllegalStateException("soapy_source: reading from '" + settings.args() + "' failed: "
                        + link.device.errorText(got));
            }
            if (tagTuning) {
                tagTuning = false;
                o.addTag(o.position(), SigmfTags.FREQ, freq);
                o.addTag(o.position(), SigmfTags.RATE, settings.sampRate());
            }
            MemorySegment.copy(link.buffer, JAVA_FLOAT, 0, o.floats(), o.offset(), 2 * got);
            io.produce(0, got);
            return WorkResult.CONTINUE;
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return Map.of("overflows", (double) overflows);
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

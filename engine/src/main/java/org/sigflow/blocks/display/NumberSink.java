package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code number_sink}: a numeric readout per input, as GNU Radio's Qt number sink: the latest value, or with
 * {@code avg} > 0 a running average ({@code y += avg · (x − y)} per item). The values appear among the block's
 * metrics ({@code in0}, {@code in1}, …) and through {@link Readout#values()}; reading never slows the stream. With no
 * stream inputs it shows the numbers arriving on its message input {@code angle} (GNU Radio's compass with
 * {@code usemsg}) as the metric {@code angle}.
 */
@AutoService(BlockFactory.class)
public final class NumberSink implements BlockFactory {

    @Override
    public String id() {
        return "number_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        double avg = setup.real("avg");
        if (avg < 0 || avg > 1) {
            throw new IllegalArgumentException("avg must be from 0 (no averaging) to 1, got " + avg);
        }
        return new Readout(setup.inputs().size(), avg);
    }

    public static final class Readout implements Block {
        private final double avg;
        private final double[] state;
        private final boolean[] started;
        private volatile double[] published;
        private volatile double angle = Double.NaN;

        Readout(int inputs, double avg) {
            this.avg = avg;
            this.state = new double[inputs];
            this.started = new boolean[inputs];
            this.published = new double[inputs];
        }

        @Override
        public WorkResult work(WorkIo io) {
            boolean all = true;
            boolean any = false;
            for (int i = 0; i < io.inputCount(); i++) {
                InputView in = io.in(i);
                int n = in.available();
                all &= n == 0 && in.finished();
                float[] x = in.floats();
                for (int k = 0; k < n; k++) {
                    double v = x[in.offset() + k * in.itemSize()];
                    state[i] = avg > 0 && started[i] ? state[i] + avg * (v - state[i]) : v;
                    started[i] = true;
                }
                any |= n > 0;
                io.consume(i, n);
            }
            if (any) {
                published = state.clone();
            }
            return all && io.inputCount() > 0 ? WorkResult.DONE : WorkResult.CONTINUE;
        }

        /** GNU Radio's compass with {@code usemsg}: a number (or a pair's number) on {@code angle} is shown. */
        @Override
        public void handleMessage(String port, org.sigflow.message.Pmt message) {
            if (!port.equals("angle")) {
                throw new IllegalArgumentException("number_sink has no message input '" + port + "'");
            }
            Double v = MessageNumberControl.number(message);
            if (v != null) {
                angle = v;
            }
        }

        /** Without stream inputs the sink ends when its message senders have. */
        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        /** The latest number that came on {@code angle}, or NaN (any thread). */
        public double angle() {
            return angle;
        }

        /** The latest readout per input (any thread). */
        public double[] values() {
            return published.clone();
        }

        @Override
        public Map<String, Double> extraMetrics() {
            double[] v = published;
            Map<String, Double> m = new LinkedHashMap<>();
            for (int i = 0; i < v.length; i++) {
                m.put("in" + i, v[i]);
            }
            if (!Double.isNaN(angle)) {
                m.put("angle", angle);
            }
            return m;
        }
    }
}

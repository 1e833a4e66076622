package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.Map;
import java.util.Optional;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code message_readout}: the latest message of its input, as GNU Radio's Qt dial gauge, level gauge, LED indicator,
 * graphic item and distance radar show it. Those widgets take a number (or boolean), or a pair whose second element
 * is one; the number is published as the metric {@code value} and the message itself through {@link Readout#latest()}.
 */
@AutoService(BlockFactory.class)
public final class MessageReadout implements BlockFactory {

    @Override
    public String id() {
        return "message_readout";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Readout();
    }

    public static final class Readout implements Block {
        private volatile Pmt latest;

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.CONTINUE;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            switch (port) {
                case "value", "state", "filename", "radius" -> latest = message;
                default -> throw new IllegalArgumentException("message_readout has no message input '" + port + "'");
            }
        }

        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        /** The latest message, if one came (any thread). */
        public Optional<Pmt> latest() {
            return Optional.ofNullable(latest);
        }

        /** The latest message as a number, as the Qt widgets read it: a pair's value, a boolean as 1 or 0. */
        public Optional<Double> number() {
            Pmt m = latest;
            if (m instanceof Pmt.Pair p) {
                m = p.cdr();
            }
            return switch (m) {
                case Pmt.Int i -> Optional.of((double) i.value());
                case Pmt.Real r -> Optional.of(r.value());
                case Pmt.Bool b -> Optional.of(b.value() ? 1.0 : 0.0);
                case Pmt.UInt64 u -> Optional.of(Double.parseDouble(Long.toUnsignedString(u.bits())));
                case null, default -> Optional.empty();
            };
        }

        @Override
        public Map<String, Double> extraMetrics() {
            return number().map(v -> Map.of("value", v)).orElse(Map.of());
        }
    }
}

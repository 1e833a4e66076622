package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import java.util.SplittableRandom;
import org.sigflow.dsp.Mt19937;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code random_pdu}: posts a PDU of random bytes on {@code pdus} when it starts and for every message on
 * {@code generate}, as GNU Radio's: a length drawn from [minsize, maxsize], rounded down to a multiple of
 * {@code length_modulo}; each byte masked with {@code mask}; no metadata. Seeded, so a run is reproducible. With
 * {@code generator: gnuradio} (what GRC imports use) GNU Radio 3.10's bytes: its never-seeded {@code std::mt19937}
 * (seed 5489) through libstdc++'s {@code uniform_int_distribution}, and its length rule {@code max(modulo, len -
 * len % modulo)}. Ends when its senders have.
 */
@AutoService(BlockFactory.class)
public final class RandomPdu implements BlockFactory {

    @Override
    public String id() {
        return "random_pdu";
    }

    @Override
    public Block create(BlockSetup setup) {
        int min = setup.integer("minsize");
        int max = setup.integer("maxsize");
        int modulo = setup.integer("length_modulo");
        if (min < 0 || max < min || max > 1 << 24 || modulo < 1) {
            throw new IllegalArgumentException("sizes must satisfy 0 <= minsize <= maxsize <= 16777216 and "
                    + "length_modulo >= 1, got " + min + ", " + max + ", " + modulo);
        }
        boolean gnuRadio = setup.has("generator") && setup.string("generator").equals("gnuradio");
        return new Generator(min, max, modulo, (byte) setup.integer("mask"), setup.longValue("seed"), gnuRadio);
    }

    static final class Generator implements Block {
        private final int min;
        private final int max;
        private final int modulo;
        private final byte mask;
        private final SplittableRandom random;
        private final Mt19937 mt;   // GNU Radio's generator, or null
        private MessagePorts ports = MessagePorts.NONE;
        private boolean started;

        Generator(int min, int max, int modulo, byte mask, long seed, boolean gnuRadio) {
            this.min = min;
            this.max = max;
            this.modulo = modulo;
            this.mask = mask;
            this.random = new SplittableRandom(seed);
            this.mt = gnuRadio ? new Mt19937(5489) : null;   // std::mt19937's default seed
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public WorkResult work(WorkIo io) {
            if (!started) {
                started = true;
                post();
            }
            return WorkResult.CONTINUE;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            post();
        }

        @Override
        public boolean endsWithMessageSenders() {
            return true;
        }

        private void post() {
            if (mt != null) {
                int len = mt.uniformInt(min, max);
                len = Math.max(modulo, len - len % modulo);
                byte[] b = new byte[len];
                for (int i = 0; i < len; i++) {
                    b[i] = (byte) (mt.uniformInt(0, 255) & mask);
                }
                ports.post("pdus", new Pmt.Pair(Pmt.NIL, new Pmt.Uniform(UniformKind.U8, b)));
                return;
            }
            int len = random.nextInt(min, max + 1) / modulo * modulo;
            byte[] b = new byte[len];
            for (int i = 0; i < len; i++) {
                b[i] = (byte) (random.nextInt(256) & mask);
            }
            ports.post("pdus", new Pmt.Pair(Pmt.NIL, new Pmt.Uniform(UniformKind.U8, b)));
        }
    }
}

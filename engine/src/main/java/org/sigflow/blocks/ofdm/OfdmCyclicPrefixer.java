package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code ofdm_cyclic_prefixer}: each OFDM symbol (a vector of fft_len) is written after a copy of its last
 * {@code cp} samples, the CP lengths taken in turn from the list. With a rolloff, the symbol's first rolloff-1
 * samples are shaped by a raised-cosine up flank and overlapped with the previous symbol's down-flanked start (GNU
 * Radio's ofdm_cyclic_prefixer, its conventions included). With a length tag key the input is a tagged stream: each
 * packet of symbols is written at once, followed by the rolloff's delay line, with a length tag of the packet's new
 * length; without one the delay line is never flushed. Other tags move to the start of their symbol's output.
 */
final class OfdmCyclicPrefixer implements Block {
    private final int fftLen;
    private final int[] cpLengths;
    private final int cpMax;
    private final float[] upFlank;
    private final float[] downFlank;
    private final float[] delayLine; // interleaved complex, rolloff-1 samples
    private final String lengthKey;
    private final String name;
    private int state;

    OfdmCyclicPrefixer(int fftLen, int[] cpLengths, int rolloff, String lengthKey, String name) {
        this.fftLen = fftLen;
        this.cpLengths = cpLengths;
        int max = 0;
        for (int cp : cpLengths) {
            max = Math.max(max, cp);
        }
        this.cpMax = max;
        int flank = rolloff > 1 ? rolloff - 1 : 0;
        this.upFlank = new float[flank];
        this.downFlank = new float[flank];
        for (int i = 1; i <= flank; i++) {
            upFlank[i - 1] = (float) (0.5 * (1 + Math.cos(Math.PI * i / rolloff - Math.PI)));
            downFlank[i - 1] = (float) (0.5 * (1 + Math.cos(Math.PI * (rolloff - i) / rolloff - Math.PI)));
        }
        this.delayLine = new float[2 * flank];
        this.lengthKey = lengthKey;
        this.name = name;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return fftLen + cpMax;
    }

    @Override
    public int outputMultiple() {
        return fftLen + cpMax;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (in.available() == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int symbols;
        if (lengthKey.isEmpty()) {
            symbols = Math.min(in.available(), out.space() / (fftLen + cpMax));
        } else {
            symbols = TaggedPackets.whole(in, lengthKey, name);
            if (symbols < 0 || out.space() < symbols * (fftLen + cpMax) + upFlank.length) {
                return WorkResult.CONTINUE;
            }
        }
        if (symbols == 0 && lengthKey.isEmpty()) {
            return WorkResult.CONTINUE;
        }
        float[] x = in.floats();
        float[] y = out.floats();
        int ip = in.offset();
        int op = out.offset();
        int produced = 0;
        for (int s = 0; s < symbols; s++) {
            int cp = cpLengths[state];
            int src = ip + 2 * s * fftLen;
            int dst = op + 2 * produced;
            System.arraycopy(x, src, y, dst + 2 * cp, 2 * fftLen);
            System.arraycopy(x, src + 2 * (fftLen - cp), y, dst, 2 * cp);
            for (int i = 0; i < upFlank.length; i++) {
                y[dst + 2 * i] = y[dst + 2 * i] * upFlank[i] + delayLine[2 * i];
                y[dst + 2 * i + 1] = y[dst + 2 * i + 1] * upFlank[i] + delayLine[2 * i + 1];
                delayLine[2 * i] = x[src + 2 * i] * downFlank[i];
                delayLine[2 * i + 1] = x[src + 2 * i + 1] * downFlank[i];
            }
            int lastCp = cpLengths[state > 0 ? state - 1 : cpLengths.length - 1];
            for (Tag t : in.tags(s + 1)) {   // GNU Radio scales by the previous symbol's length
                if (t.offset() == in.position() + s && !t.key().equals(lengthKey)) {
                    out.addTag(out.position() + (long) s * (fftLen + lastCp), t.key(), t.value());
                }
            }
            produced += fftLen + cp;
            state = (state + 1) % cpLengths.length;
        }
        if (!lengthKey.isEmpty()) {
            System.arraycopy(delayLine, 0, y, op + 2 * produced, delayLine.length);
            java.util.Arrays.fill(delayLine, 0f);
            TaggedPackets.emit(io, lengthKey, symbols, produced + upFlank.length);
            return WorkResult.CONTINUE;
        }
        io.consume(0, symbols);
        io.produce(0, produced);
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_cyclic_prefixer";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_cyclic_prefixer '" + s.instanceId() + "'";
            int fftLen = s.integer("fft_len");
            float[] cps = s.reals("cp_lengths");
            int[] cp = new int[cps.length];
            boolean nonZero = false;
            int min = Integer.MAX_VALUE;
            for (int i = 0; i < cps.length; i++) {
                cp[i] = Math.round(cps[i]);
                if (cp[i] != cps[i] || cp[i] < 0 || cp[i] > fftLen) {
                    throw new IllegalArgumentException(name + ": CP lengths must be whole numbers from 0 to the FFT "
                            + "length " + fftLen + ", got " + cps[i]);
                }
                nonZero |= cp[i] != 0;
                min = Math.min(min, cp[i]);
            }
            if (!nonZero) {
                throw new IllegalArgumentException(name + ": give at least one CP length that is not 0");
            }
            int rolloff = s.integer("rolloff");
            if (rolloff > 1 && rolloff > min) {
                throw new IllegalArgumentException(name + ": the rolloff " + rolloff
                        + " must not exceed the shortest CP length " + min);
            }
            return new OfdmCyclicPrefixer(fftLen, cp, rolloff, s.string("len_tag_key"), name);
        }
    }
}

package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import java.util.Arrays;
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
 * {@code ofdm_carrier_allocator_cvc}: turns each packet of a tagged stream of complex symbols into OFDM symbols
 * (vectors of fft_len): first the sync words, then the data spread over the occupied carriers (set i for the i-th
 * OFDM symbol of the packet, in turn), the pilot symbols on the pilot carriers, zeros elsewhere, as GNU Radio's
 * ofdm_carrier_allocator_cvc. The packet's new length (in OFDM symbols) goes into its length tag; other tags move to
 * the OFDM symbol their first data symbol is on (those of the first one to the packet's first output, as in GNU Radio).
 */
final class OfdmCarrierAllocator implements Block {
    private final int fftLen;
    private final int[][] occupied;
    private final int[][] pilotCarriers;
    private final float[][] pilotSymbols;
    private final float[][] syncWords;
    private final String lengthKey;
    private final String name;

    OfdmCarrierAllocator(int fftLen, int[][] occupied, int[][] pilotCarriers, float[][] pilotSymbols,
                         float[][] syncWords, String lengthKey, String name) {
        this.fftLen = fftLen;
        this.occupied = occupied;
        this.pilotCarriers = pilotCarriers;
        this.pilotSymbols = pilotSymbols;
        this.syncWords = syncWords;
        this.lengthKey = lengthKey;
        this.name = name;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    /** OFDM symbols for a packet of {@code n} data symbols, sync words not counted. */
    private int ofdmSymbols(int n) {
        int count = 0;
        for (int i = 0, k = 0; i < n; k++) {
            count++;
            i += occupied[k % occupied.length].length;
        }
        return count;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        if (in.available() == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int n = TaggedPackets.whole(in, lengthKey, name);
        if (n < 0) {
            return WorkResult.CONTINUE;
        }
        int total = syncWords.length + ofdmSymbols(n);
        if (out.space() < total) {
            return WorkResult.CONTINUE;
        }
        float[] x = in.floats();
        float[] y = out.floats();
        int ip = in.offset();
        int op = out.offset();
        Arrays.fill(y, op, op + 2 * total * fftLen, 0f);
        for (float[] word : syncWords) {
            System.arraycopy(word, 0, y, op, 2 * fftLen);
            op += 2 * fftLen;
        }
        long symbols = 0;
        int set = 0;
        int allocated = 0;
        for (int i = 0; i < n; i++) {
            if (allocated == 0) {
                long at = out.position() + symbols + (symbols == 0 ? 0 : syncWords.length);
                long from = in.position() + i;
                long to = in.position() + Math.min(i + occupied[set].length, n);
                for (Tag t : in.tags(n)) {
                    if (t.offset() >= from && t.offset() < to && !t.key().equals(lengthKey)) {
                        out.addTag(at, t.key(), t.value());
                    }
                }
                symbols++;
            }
            int carrier = occupied[set][allocated];
            y[op + 2 * ((int) (symbols - 1) * fftLen + carrier)] = x[ip + 2 * i];
            y[op + 2 * ((int) (symbols - 1) * fftLen + carrier) + 1] = x[ip + 2 * i + 1];
            if (++allocated == occupied[set].length) {
                set = (set + 1) % occupied.length;
                allocated = 0;
            }
        }
        for (int s = 0; s < symbols; s++) {
            int[] carriers = pilotCarriers[s % pilotCarriers.length];
            float[] values = pilotSymbols[s % pilotSymbols.length];
            for (int k = 0; k < carriers.length; k++) {
                y[op + 2 * (s * fftLen + carriers[k])] = values[2 * k];
                y[op + 2 * (s * fftLen + carriers[k]) + 1] = values[2 * k + 1];
            }
        }
        TaggedPackets.emit(io, lengthKey, n, total);
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_carrier_allocator";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_carrier_allocator '" + s.instanceId() + "'";
            int fftLen = s.integer("fft_len");
            boolean shifted = s.bool("output_is_shifted");
            int[][] occupied = CarrierSets.indices(s, "occupied_carriers", fftLen, shifted, name);
            int[][] pilots = CarrierSets.indices(s, "pilot_carriers", fftLen, shifted, name);
            float[][] pilotSymbols = CarrierSets.symbols(s, "pilot_symbols");
            float[][] sync = CarrierSets.symbols(s, "sync_words");
            if (occupied.length == 0 || pilots.length == 0 || pilotSymbols.length == 0) {
                throw new IllegalArgumentException(name + ": occupied carriers, pilot carriers and pilot symbols must "
                        + "each hold at least one set (write [[]] for none)");
            }
            if (Arrays.stream(occupied).anyMatch(c -> c.length == 0)) {
                throw new IllegalArgumentException(name + ": every set of occupied carriers needs a carrier");
            }
            for (int i = 0; i < Math.max(pilots.length, pilotSymbols.length); i++) {
                if (pilots[i % pilots.length].length * 2 != pilotSymbols[i % pilotSymbols.length].length) {
                    throw new IllegalArgumentException(name + ": pilot carrier set " + (i % pilots.length)
                            + " and pilot symbol set " + (i % pilotSymbols.length) + " differ in length");
                }
            }
            for (float[] w : sync) {
                if (w.length != 2 * fftLen) {
                    throw new IllegalArgumentException(name + ": every sync word must have fft_len = " + fftLen
                            + " symbols, one has " + w.length / 2);
                }
            }
            String key = s.string("len_tag_key");
            if (key.isEmpty()) {
                throw new IllegalArgumentException(name + ": a length tag key is needed (the input is a tagged stream)");
            }
            return new OfdmCarrierAllocator(fftLen, occupied, pilots, pilotSymbols, sync, key, name);
        }
    }
}

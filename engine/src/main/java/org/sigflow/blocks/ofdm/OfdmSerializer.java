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
 * {@code ofdm_serializer_vcc}: the inverse of the carrier allocator. For each packet of a tagged stream of OFDM
 * symbols it outputs the values on the occupied carriers, set after set (the first set chosen by symbols_skipped),
 * shifted by the value of a carrier-offset tag on the packet's first symbol. A packet-length tag there (the payload's
 * item count) cuts the output to that many items; the output's length tag has that key, or the input's length key
 * when none is given (GNU Radio's ofdm_serializer_vcc). Other tags move to the first output item of their symbol.
 */
final class OfdmSerializer implements Block {
    private final int fftLen;
    private final int[][] occupied;
    private final String lengthKey;
    private final String packetKey;
    private final String offsetKey;
    private final int skipped;
    private final String name;

    OfdmSerializer(int fftLen, int[][] occupied, String lengthKey, String packetKey, int skipped, String offsetKey,
                   String name) {
        this.fftLen = fftLen;
        this.occupied = occupied;
        this.lengthKey = lengthKey;
        this.packetKey = packetKey;
        this.skipped = Math.floorMod(skipped, occupied.length);
        this.offsetKey = offsetKey;
        this.name = name;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
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
        int most = 0;
        for (int i = 0, set = skipped; i < n; i++, set = (set + 1) % occupied.length) {
            most += occupied[set].length;
        }
        if (out.space() < most) {
            return WorkResult.CONTINUE;
        }
        long packetLength = 0;
        int offset = 0;
        java.util.List<Tag> tags = n == 0 ? java.util.List.of() : in.tags(n);
        for (Tag t : tags) {
            if (t.offset() == in.position() && t.value() instanceof Number v) {
                if (t.key().equals(offsetKey)) {
                    offset = v.intValue();
                } else if (!packetKey.isEmpty() && t.key().equals(packetKey)) {
                    packetLength = v.longValue();
                }
            }
        }
        float[] x = in.floats();
        float[] y = out.floats();
        int ip = in.offset();
        int op = out.offset();
        int produced = 0;
        int set = skipped;
        for (int i = 0; i < n; i++) {
            for (Tag t : tags) {
                if (t.offset() == in.position() + i && !t.key().equals(lengthKey) && !t.key().equals(packetKey)) {
                    out.addTag(out.position() + produced, t.key(), t.value());
                }
            }
            for (int carrier : occupied[set]) {
                int c = carrier + offset;
                if (c < 0 || c >= fftLen) {
                    throw new IllegalStateException(name + ": carrier " + carrier + " moved by the carrier offset "
                            + offset + " lies outside the FFT of " + fftLen);
                }
                y[op + 2 * produced] = x[ip + 2 * (i * fftLen + c)];
                y[op + 2 * produced + 1] = x[ip + 2 * (i * fftLen + c) + 1];
                produced++;
            }
            if (packetLength > 0 && produced > packetLength) {
                produced = (int) packetLength;
                break;
            }
            set = (set + 1) % occupied.length;
        }
        TaggedPackets.emit(io, packetKey.isEmpty() ? lengthKey : packetKey, n, produced);
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_serializer";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_serializer '" + s.instanceId() + "'";
            int fftLen = s.integer("fft_len");
            int[][] occupied = CarrierSets.indices(s, "occupied_carriers", fftLen, s.bool("input_is_shifted"), name);
            if (occupied.length == 0) {
                throw new IllegalArgumentException(name + ": occupied carriers must hold at least one set");
            }
            String key = s.string("len_tag_key");
            if (key.isEmpty()) {
                throw new IllegalArgumentException(name + ": a length tag key is needed (the input is a tagged stream)");
            }
            return new OfdmSerializer(fftLen, occupied, key, s.string("packet_len_tag_key"),
                    s.integer("symbols_skipped"), s.string("carr_offset_key"), name);
        }
    }
}

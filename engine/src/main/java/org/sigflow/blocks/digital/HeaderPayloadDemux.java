package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.TagValues;
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
 * {@code header_payload_demux}: GNU Radio's header_payload_demux state machine without header padding. It drops
 * input up to a trigger (a nonzero item on the optional trigger input, or a tag named trigger_tag_key), copies
 * header_len symbols to the header output (each symbol items_per_symbol items after guard_interval items of guard),
 * then waits for the header's meaning on the {@code header_data} message port: an integer (payload length in
 * symbols) or a dict holding length_tag_key (its entries become tags on the payload's first item); anything else
 * drops one item and searches again. The payload is copied (GNU Radio copies it at once, this block as input and
 * output space allow: same items and tags), and, as GNU Radio, its last item is left unconsumed for the next search.
 * Input tags in the copied ranges follow their items (the trigger tag excepted); the header also gets the timing tag
 * (an rx_time tuple advanced by the items since the last one, at samp_rate). Not done: header padding, special
 * tags. A message arriving while no header waits stays queued until one does (GNU Radio would act on it at once).
 */
final class HeaderPayloadDemux implements Block {
    private enum State { FIND_TRIGGER, HEADER, WAIT_FOR_MSG, RX_SUCCESS, RX_FAIL, PAYLOAD }

    private final Dtype.Storage storage;
    private final int components;
    private final int headerLen;
    private final int itemsPerSymbol;
    private final int gi;
    private final String lengthKey;
    private final String triggerKey;
    private final boolean outputSymbols;
    private final String timingKey;
    private final double samplingTime;
    private State state = State.FIND_TRIGGER;
    private final List<String> payloadKeys = new ArrayList<>();
    private final List<Object> payloadValues = new ArrayList<>();
    private long payloadLen;
    private long payloadDone;      // symbols of the payload copied so far
    private long payloadStart;     // input offset of the payload's first item
    private Pmt lastTime = new Pmt.Tuple(List.of(new Pmt.UInt64(0), new Pmt.Real(0.0)));
    private long lastTimeOffset;

    HeaderPayloadDemux(Dtype type, int headerLen, int itemsPerSymbol, int gi, String lengthKey, String triggerKey,
                       boolean outputSymbols, String timingKey, double sampRate) {
        this.storage = type.storage();
        this.components = type.components();
        this.headerLen = headerLen;
        this.itemsPerSymbol = itemsPerSymbol;
        this.gi = gi;
        this.lengthKey = lengthKey;
        this.triggerKey = triggerKey;
        this.outputSymbols = outputSymbols;
        this.timingKey = timingKey;
        this.samplingTime = 1.0 / sampRate;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return (outputSymbols ? 1.0 : itemsPerSymbol) / (itemsPerSymbol + gi);
    }

    @Override
    public int inputMultiple() {
        return headerLen * (itemsPerSymbol + gi);   // a whole header readable at once
    }

    /** True while the block waits for the header's meaning (for tests that play the header parser). */
    boolean waitingForHeaderData() {
        return state == State.WAIT_FOR_MSG;
    }

    @Override
    public boolean readyForMessages() {
        return state == State.WAIT_FOR_MSG;
    }

    @Override
    public boolean awaitsMessage() {
        return state == State.WAIT_FOR_MSG;          // the header's info may come after the input has ended
    }

    @Override
    public void handleMessage(String port, Pmt msg) {
        payloadKeys.clear();
        payloadValues.clear();
        state = State.RX_FAIL;
        if (msg instanceof Pmt.Int n) {
            payloadLen = n.value();
            payloadKeys.add(lengthKey);
            payloadValues.add(n.value());
            state = State.RX_SUCCESS;
        } else if (msg instanceof Pmt.Dict d) {
            for (Pmt.Entry e : d.entries()) {
                payloadKeys.add(e.key() instanceof Pmt.Symbol s ? s.name() : String.valueOf(e.key()));
                payloadValues.add(TagValues.fromPmt(e.value()));
                if (e.key().equals(new Pmt.Symbol(lengthKey)) && e.value() instanceof Pmt.Int n) {
                    payloadLen = n.value();
                    state = State.RX_SUCCESS;
                }
            }
        }
        if (state == State.RX_SUCCESS && payloadLen < 0) {
            payloadLen = 0;
            state = State.RX_FAIL;
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int available = io.inputCount() == 2 ? Math.min(in.available(), io.in(1).available()) : in.available();
        // ended: the input that limits what is available has no more coming (the other may still be filling)
        boolean finished = in.finished() && in.available() == available
                || io.inputCount() == 2 && io.in(1).finished() && io.in(1).available() == available;
        int symbolItems = itemsPerSymbol + gi;
        switch (state) {
            case WAIT_FOR_MSG -> {
                return WorkResult.CONTINUE;   // the header parser's message moves on (handleMessage)
            }
            case RX_FAIL -> {
                consume(io, 1);
                state = State.FIND_TRIGGER;
            }
            case FIND_TRIGGER -> {
                int trigger = findTrigger(io, available);
                if (trigger < available) {
                    state = State.HEADER;
                } else if (available == 0 && finished) {
                    return WorkResult.DONE;
                }
                if (trigger == 0 && state == State.HEADER) {
                    // nothing consumed: go on to the header now, or a call without progress after the input's
                    // end (a trigger on the item the last payload left) would end the block
                    return work(io);
                }
                consume(io, trigger);
            }
            case HEADER -> {
                int need = headerLen * symbolItems;
                if (available < need) {
                    return finished ? WorkResult.DONE : WorkResult.CONTINUE;
                }
                if (io.out(0).space() < headerLen * (outputSymbols ? 1 : itemsPerSymbol)) {
                    return WorkResult.CONTINUE;
                }
                addSpecialTags(io.out(0), in.position());
                copySymbols(in, 0, io.out(0), headerLen, in.position());
                io.produce(0, headerLen * (outputSymbols ? 1 : itemsPerSymbol));
                state = State.WAIT_FOR_MSG;
            }
            case RX_SUCCESS -> {
                long at = io.out(1).position();
                for (int i = 0; i < payloadKeys.size(); i++) {
                    io.out(1).addTag(at, payloadKeys.get(i), payloadValues.get(i));
                }
                int skip = headerLen * symbolItems;
                if (available < skip) {
                    return finished ? WorkResult.DONE : WorkResult.CONTINUE;   // cannot happen: the header was read
                }
                payloadStart = in.position() + skip;
                consume(io, skip);
                payloadDone = 0;
                state = payloadLen == 0 ? State.FIND_TRIGGER : State.PAYLOAD;
            }
            case PAYLOAD -> {
                long left = payloadLen - payloadDone;
                int perSymbolOut = outputSymbols ? 1 : itemsPerSymbol;
                int n = (int) Math.min(left, Math.min(available / symbolItems, io.out(1).space() / perSymbolOut));
                if (n <= 0) {   // a full payload output is no end: only input that cannot hold another symbol is
                    return finished && available < symbolItems ? WorkResult.DONE : WorkResult.CONTINUE;
                }
                copySymbols(in, 0, io.out(1), n, payloadStart);
                io.produce(1, n * perSymbolOut);
                payloadDone += n;
                // GNU Radio leaves the payload's last item for the next trigger search
                consume(io, n * symbolItems - (payloadDone == payloadLen ? 1 : 0));
                if (payloadDone == payloadLen) {
                    state = State.FIND_TRIGGER;
                }
            }
        }
        return WorkResult.CONTINUE;
    }

    private void consume(WorkIo io, int n) {
        InputView in = io.in(0);
        for (Tag t : in.tags(n)) {
            if (t.key().equals(timingKey) && !timingKey.isEmpty()) {
                lastTime = TagValues.toPmt(t.value());
                lastTimeOffset = t.offset();
            }
        }
        for (int p = 0; p < io.inputCount(); p++) {
            io.consume(p, n);
        }
    }

    /** Relative offset of the first trigger in [0, available), or available if none. */
    private int findTrigger(WorkIo io, int available) {
        int at = available;
        if (io.inputCount() == 2) {
            InputView trig = io.in(1);
            byte[] b = trig.bytes();
            for (int i = 0; i < available; i++) {
                if (b[trig.offset() + i] != 0) {
                    at = i;
                    break;
                }
            }
        }
        if (!triggerKey.isEmpty()) {
            InputView in = io.in(0);
            for (Tag t : in.tags(available)) {
                if (t.key().equals(triggerKey)) {
                    at = (int) Math.min(at, t.offset() - in.position());
                    break;
                }
            }
        }
        return at;
    }

    /** Copies n symbols (guard dropped) and the tags on them, offsets relative to {@code base} (GNU Radio's). */
    private void copySymbols(InputView in, int inSkipItems, OutputView out, int n, long base) {
        int symbolItems = itemsPerSymbol + gi;
        int item = components;
        for (int s = 0; s < n; s++) {
            Items.copy(storage, in, (inSkipItems + s * symbolItems + gi) * item, out, s * itemsPerSymbol * item,
                    itemsPerSymbol * item);
        }
        long outBase = out.position() - (in.position() - base) / symbolItems * (outputSymbols ? 1 : itemsPerSymbol);
        for (Tag t : in.tags(n * symbolItems)) {
            if (t.key().equals(triggerKey)) {
                continue;
            }
            long rel = t.offset() - base;
            long mapped;
            if (outputSymbols) {
                mapped = rel / symbolItems;
            } else if (gi != 0) {
                long pos = Math.max(0, rel % symbolItems - gi);
                mapped = rel / symbolItems + pos;
            } else {
                mapped = rel;
            }
            out.addTag(outBase + mapped, t.key(), t.value());
        }
    }

    private void addSpecialTags(OutputView out, long read) {
        long at = out.position();
        if (!timingKey.isEmpty()) {
            double diff = samplingTime * (read - lastTimeOffset);
            double seconds = diff >= 0 ? Math.floor(diff) : Math.ceil(diff);
            List<Pmt> old = lastTime instanceof Pmt.Tuple t && t.items().size() == 2 ? t.items() : List.of();
            long secs = (old.isEmpty() ? 0 : switch (old.get(0)) {
                case Pmt.UInt64 u -> u.bits();
                case Pmt.Int i -> i.value();
                default -> 0L;
            }) + (long) seconds;
            double frac = (old.isEmpty() || !(old.get(1) instanceof Pmt.Real r) ? 0.0 : r.value()) + (diff - seconds);
            out.addTag(at, timingKey, TagValues.fromPmt(new Pmt.Tuple(List.of(new Pmt.UInt64(secs),
                    new Pmt.Real(frac)))));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "header_payload_demux";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "header_payload_demux '" + s.instanceId() + "'";
            Dtype type = StreamType.dtype(s, Dtype.CF32, Dtype.F32, Dtype.S16, Dtype.U8);
            int headerLen = s.integer("header_len");
            int ips = s.integer("items_per_symbol");
            int gi = s.integer("guard_interval");
            if (headerLen < 1 || ips < 1 || gi < 0) {
                throw new IllegalArgumentException(name + ": needs a header of at least 1 symbol, at least 1 item "
                        + "per symbol and a guard interval >= 0 (got " + headerLen + ", " + ips + ", " + gi + ")");
            }
            return new HeaderPayloadDemux(type, headerLen, ips, gi, s.string("length_tag_key"),
                    s.string("trigger_tag_key"), s.bool("output_symbols"), s.string("timing_tag_key"),
                    s.real("samp_rate"));
        }
    }
}

package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.message.PmtText;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code tag_debug}: reads its inputs and prints the stream tags it sees (offset, key, value in PMT text) as GNU
 * Radio's Tag Debug does, one block of lines per work call with tags; a non-empty {@code filter} keeps only that
 * key. Keeps every tag it printed for the engine's API ({@link Debug#tags()}).
 */
@AutoService(BlockFactory.class)
public final class TagDebug implements BlockFactory {
    private static final String RULE = "-".repeat(70);

    @Override
    public String id() {
        return "tag_debug";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Debug(setup.string("name"), setup.string("filter"), setup.bool("display"));
    }

    public static final class Debug implements Block {
        private final String name;
        private final String filter;
        private boolean display;
        private final List<Tag> seen = new ArrayList<>();

        Debug(String name, String filter, boolean display) {
            this.name = name;
            this.filter = filter;
            this.display = display;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public WorkResult work(WorkIo io) {
            StringBuilder sb = new StringBuilder();
            boolean all = true;
            for (int i = 0; i < io.inputCount(); i++) {
                InputView in = io.in(i);
                int n = in.available();
                all &= n == 0 && in.finished();
                List<Tag> tags = in.tags(n).stream().filter(t -> filter.isEmpty() || t.key().equals(filter))
                        .toList();
                if (!tags.isEmpty()) {
                    sb.append(String.format("Input Stream: %02d%n", i));
                    for (Tag t : tags) {
                        sb.append("  Offset: ").append(t.offset()).append("  Source: n/a     Key: ").append(t.key())
                                .append("   Value: ").append(text(t.value())).append('\n');
                    }
                    synchronized (seen) {
                        seen.addAll(tags);
                    }
                }
                io.consume(i, n);
            }
            if (display && !sb.isEmpty()) {
                String out = "\n" + RULE + "\nTag Debug: " + name + "\n" + sb + RULE + "\n";
                synchronized (System.out) {
                    System.out.print(out);
                }
            }
            return all ? WorkResult.DONE : WorkResult.CONTINUE;
        }

        private static String text(Object value) {
            try {
                return PmtText.write(TagValues.toPmt(value));
            } catch (IllegalArgumentException e) {
                return String.valueOf(value);
            }
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("display")) {
                Block.super.applyParam(paramId, value);
            }
            display = value.asBoolean();
        }

        /** Tags seen so far (a copy; any thread). */
        public List<Tag> tags() {
            synchronized (seen) {
                return List.copyOf(seen);
            }
        }
    }
}

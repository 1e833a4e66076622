package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtExpressions;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code tags_strobe}: GNU Radio's {@code blocks.tags_strobe}: a stream of zeros with the tag {@code key → value} on
 * items {@code nsamps}, {@code 2·nsamps}, … (GNU Radio's loop per call: while {@code produced − last > nsamps},
 * {@code last += nsamps} and tag item {@code last}).
 */
@AutoService(BlockFactory.class)
public final class TagsStrobe implements BlockFactory {

    @Override
    public String id() {
        return "tags_strobe";
    }

    @Override
    public Block create(BlockSetup s) {
        long nsamps = s.longValue("nsamps");
        if (nsamps < 1) {
            throw new IllegalArgumentException("nsamps must be >= 1, got " + nsamps);
        }
        Pmt key = PmtExpressions.parse(s.string("key"));
        if (!(key instanceof Pmt.Symbol symbol)) {
            throw new IllegalArgumentException("the tag key must be a symbol (pmt.intern(\"...\")), got " + key);
        }
        return new Strobe(StreamType.dtype(s).storage(), nsamps, symbol.name(),
                TagValues.fromPmt(PmtExpressions.parse(s.string("value"))));
    }

    static final class Strobe implements Block {
        private final Dtype.Storage storage;
        private final long nsamps;
        private final String key;
        private final Object value;
        private long last;

        Strobe(Dtype.Storage storage, long nsamps, String key, Object value) {
            this.storage = storage;
            this.nsamps = nsamps;
            this.key = key;
            this.value = value;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int n = out.space();
            if (n == 0) {
                return WorkResult.CONTINUE;
            }
            Items.zero(storage, out, n * out.itemSize());
            long end = out.position() + n;
            while (end - last > nsamps) {
                last += nsamps;
                out.addTag(last, key, value);
            }
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}

package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.CopyBlock;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;

/**
 * {@code stream_to_tagged_stream}: passes the stream unchanged and puts a length tag ({@code len_tag_key} →
 * {@code packet_len}) on every {@code packet_len}-th item from the first, making it a tagged stream of packets of
 * that many items.
 */
@AutoService(BlockFactory.class)
public final class StreamToTaggedStream implements BlockFactory {

    @Override
    public String id() {
        return "stream_to_tagged_stream";
    }

    @Override
    public Block create(BlockSetup setup) {
        int packetLen = setup.integer("packet_len");
        if (packetLen < 1) {
            throw new IllegalArgumentException("packet_len must be at least 1, got " + packetLen);
        }
        String key = setup.string("len_tag_key");
        long value = packetLen;
        return new CopyBlock(StreamType.dtype(setup).storage()) {
            @Override
            protected void process(WorkIo io, int steps) {
                OutputView out = io.out(0);
                long first = out.position();
                long next = (first + packetLen - 1) / packetLen * packetLen;
                for (long at = next; at < first + steps; at += packetLen) {
                    out.addTag(at, key, value);
                }
                super.process(io, steps);
            }
        };
    }
}

package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * {@code tag_gate}: GNU Radio's {@code tag_gate}. Copies the stream; with Propagate Tags every tag passes, otherwise
 * none does — or, with a Single Key, every tag but those of that key.
 */
@AutoService(BlockFactory.class)
public final class TagGate implements BlockFactory {

    @Override
    public String id() {
        return "tag_gate";
    }

    @Override
    public Block create(BlockSetup setup) {
        boolean propagate = setup.bool("propagate_tags");
        String singleKey = setup.string("single_key");
        return new TagMappingCopy(setup) {
            @Override
            Object map(Tag t) {
                return propagate || !singleKey.isEmpty() && !t.key().equals(singleKey) ? t.value() : null;
            }
        };
    }
}

package org.sigflow.blocks.variables;

import org.sigflow.runtime.Block;

/**
 * A block that in GNU Radio is a Python thread beside the flowgraph (the XML-RPC server and client, a function
 * probe): it works on threads of its own and ends when the graph's streams have ({@link Block#background()}).
 */
interface BesideTheGraph extends Block {
    @Override
    default boolean background() {
        return true;
    }

    @Override
    default org.sigflow.runtime.WorkResult work(org.sigflow.runtime.WorkIo io) {
        return org.sigflow.runtime.WorkResult.CONTINUE; // no stream: the runner parks it until the graph ends
    }
}

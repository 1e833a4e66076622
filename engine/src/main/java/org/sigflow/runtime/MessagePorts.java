package org.sigflow.runtime;

import org.sigflow.message.Pmt;

/**
 * A block's message outputs, handed to it once before it starts ({@link Block#bindMessages}). Posting delivers the
 * message to every connected message input (none: it is dropped, as in GNU Radio). A full inbox downstream makes
 * the poster wait (back-pressure, as a full ring does) until there is room, the receiver has finished, or the graph
 * stops.
 */
public interface MessagePorts {

    /** Posts {@code message} on message output {@code port}. */
    void post(String port, Pmt message);

    /** True when something is connected to message output {@code port}. */
    boolean connected(String port);

    /** Ports of a block without message outputs, or not running in a graph (tests). */
    MessagePorts NONE = new MessagePorts() {
        @Override
        public void post(String port, Pmt message) {}

        @Override
        public boolean connected(String port) {
            return false;
        }
    };
}

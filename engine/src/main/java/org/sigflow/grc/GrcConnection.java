package org.sigflow.grc;

/** A connection of a {@code .grc} file: block names and port ids as written ({@code '0'}, or a message port id). */
record GrcConnection(String srcBlock, String srcPort, String dstBlock, String dstPort) {

    /** {@code a:0 → b:1}, as the report names a connection. */
    @Override
    public String toString() {
        return srcBlock + ":" + srcPort + " → " + dstBlock + ":" + dstPort;
    }
}

package org.sigflow.runtime;

/** What a {@link Block#work} call tells the runtime. */
public enum WorkResult {
    /** Call again when there is input or output space. */
    CONTINUE,
    /** The block will produce nothing more: its outputs end (end-of-stream) after what it has produced. */
    DONE
}

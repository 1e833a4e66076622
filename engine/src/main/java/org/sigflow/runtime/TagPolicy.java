package org.sigflow.runtime;

/** How the runtime carries stream tags from a block's inputs to its outputs (GNU Radio's policies). */
public enum TagPolicy {
    /** Tags of every input go to every output, offsets scaled by {@link Block#relativeRate()}. */
    ALL_TO_ALL,
    /** Tags of input i go to output i only. */
    ONE_TO_ONE,
    /** The block handles tags itself (or drops them). */
    DONT
}

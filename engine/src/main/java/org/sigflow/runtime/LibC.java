package org.sigflow.runtime;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/** Calls into the C library through FFM (memset, mmap, sched_setaffinity, prctl …), for the few places that need one. */
public final class LibC {
    private LibC() {}

    /**
     * A handle on the C library's {@code name}, or null where it cannot be had (no native access granted, no such
     * symbol): every caller then keeps its Java path or does without.
     */
    public static MethodHandle bind(String name, FunctionDescriptor d, Linker.Option... options) {
        try {
            Linker l = Linker.nativeLinker();
            return l.defaultLookup().find(name).map(s -> l.downcallHandle(s, d, options)).orElse(null);
        } catch (RuntimeException e) {
            return null;
        }
    }
}

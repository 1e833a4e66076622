package org.sigflow.cuda;

import java.lang.reflect.Method;
import jcuda.NativePointerObject;

/** The raw address behind a JCuda handle (device pointer, stream), for the cuFFT FFM binding. */
final class Addresses {
    private static final Method GET;

    static {
        try {
            GET = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            GET.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Addresses() {}

    static long of(NativePointerObject p) {
        try {
            return (long) GET.invoke(p);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read a JCuda handle's address", e);
        }
    }
}

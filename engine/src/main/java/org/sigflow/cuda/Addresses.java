package org.sigflow.cuda;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jcuda.NativePointerObject;

/** The raw address behind a JCuda handle (device pointer, stream, event, function), for the FFM bindings. */
public final class Addresses {
    private static final MethodHandle GET;

    static {
        try {
            var m = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            m.setAccessible(true);
            GET = MethodHandles.lookup().unreflect(m).asType(MethodType.methodType(long.class, NativePointerObject.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Addresses() {}

    public static long of(NativePointerObject p) {
        try {
            return (long) GET.invokeExact(p);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read a JCuda handle's address", e);
        }
    }
}

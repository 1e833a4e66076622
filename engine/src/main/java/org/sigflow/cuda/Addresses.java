package org.sigflow.cuda;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jcuda.NativePointerObject;

/** The raw address behind a JCuda handle (device pointer, stream, event, function), for the FFM bindings. */
public final class Addresses {
    private static final MethodHandle GET;
    private static final MethodHandle SET;

    static {
        try {
            var m = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            m.setAccessible(true);
            GET = MethodHandles.lookup().unreflect(m).asType(MethodType.methodType(long.class, NativePointerObject.class));
            var f = NativePointerObject.class.getDeclaredField("nativePointer");
            f.setAccessible(true);
            SET = MethodHandles.lookup().unreflectSetter(f)
                    .asType(MethodType.methodType(void.class, NativePointerObject.class, long.class));
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

    /**
     * A device pointer to {@code address} itself ({@code withByteOffset} keeps the offset beside the base address,
     * which {@link #of} and the FFM calls do not see): a page inside a larger allocation.
     */
    public static jcuda.driver.CUdeviceptr device(long address) {
        jcuda.driver.CUdeviceptr p = new jcuda.driver.CUdeviceptr();
        try {
            SET.invokeExact((NativePointerObject) p, address);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot set a JCuda device pointer's address", e);
        }
        return p;
    }
}

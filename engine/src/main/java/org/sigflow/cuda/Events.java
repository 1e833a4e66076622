package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/** Small helpers over streams and events that check every result. */
public final class Events {
    private Events() {}

    /** An event for ordering only (no timing: cheaper to record and wait on). */
    public static CUevent ordering() {
        CUevent e = new CUevent();
        Cu.check(cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING), "cuEventCreate");
        return e;
    }

    /** An event that can be timed with {@code cuEventElapsedTime}. */
    public static CUevent timing() {
        CUevent e = new CUevent();
        Cu.check(cuEventCreate(e, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
        return e;
    }

    /** A stream that does not synchronise with the legacy default stream. */
    public static CUstream stream() {
        CUstream s = new CUstream();
        Cu.check(cuStreamCreate(s, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        return s;
    }

    public static void record(CUevent e, CUstream s) {
        Driver d = driver();
        if (d != null) {
            d.record(Addresses.of(e), Addresses.of(s));
            return;
        }
        Cu.check(cuEventRecord(e, s), "cuEventRecord");
    }

    /** Work queued on {@code s} after this waits (on the device) for the last record of {@code e}. */
    public static void await(CUstream s, CUevent e) {
        Driver d = driver();
        if (d != null) {
            d.await(Addresses.of(s), Addresses.of(e), 0);
            return;
        }
        Cu.check(cuStreamWaitEvent(s, e, 0), "cuStreamWaitEvent");
    }

    /** Under stream capture: a wait that becomes an event-wait node of the captured graph. */
    public static void awaitCaptured(CUstream s, CUevent e) {
        Driver.get().await(Addresses.of(s), Addresses.of(e), Driver.WAIT_EXTERNAL);
    }

    /** Under stream capture: a record that becomes an event-record node of the captured graph. */
    public static void recordCaptured(CUevent e, CUstream s) {
        Driver.get().recordExternal(Addresses.of(e), Addresses.of(s));
    }

    /** The FFM binding when this process's launch path uses it, else null (JCuda). */
    private static Driver driver() {
        return LaunchPath.current().ffm() ? Driver.get() : null;
    }

    /** The host waits for the last record of {@code e}. */
    public static void sync(CUevent e) {
        Driver d = driver();
        if (d != null) {
            d.sync(Addresses.of(e));
            return;
        }
        Cu.check(cuEventSynchronize(e), "cuEventSynchronize");
    }

    /** True when the last record of {@code e} has completed (never waits). */
    public static boolean done(CUevent e) {
        Driver d = driver();
        int r = d != null ? d.query(Addresses.of(e)) : jcuda.driver.JCudaDriver.cuEventQuery(e);
        if (r == jcuda.driver.CUresult.CUDA_ERROR_NOT_READY) {
            return false;
        }
        Cu.check(r, "cuEventQuery");
        return true;
    }

    public static void destroy(CUevent e) {
        cuEventDestroy(e);
    }

    /** Waits for the stream's work, then destroys it (end of a block's run). */
    public static void close(CUstream s) {
        if (s != null) {
            cuStreamSynchronize(s);
            cuStreamDestroy(s);
        }
    }
}

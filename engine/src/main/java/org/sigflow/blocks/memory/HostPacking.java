package org.sigflow.blocks.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sigflow.catalog.Dtype;

/**
 * The host half of a wire format: packs a CPU ring's elements into a pinned staging page (h2d), or unpacks a staging
 * page into a CPU ring (d2h), vectorised ({@link WireCodec}) and split over {@link PackingThreads}. Non-float streams
 * travel as they are. Packing measures the quantisation error it makes
 * (signal and error energy), so the h2d node can report the format's real SNR on the user's signal.
 */
final class HostPacking {
    private final Dtype.Storage storage;
    private final WireFormat wire;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    private final MemorySegment page;
    double signalEnergy;
    double errorEnergy;

    HostPacking(Dtype.Storage storage, WireFormat wire, ByteBuffer page) {
        this.storage = storage;
        this.wire = storage == Dtype.Storage.FLOAT ? wire : WireFormat.FP32;
        this.page = MemorySegment.ofBuffer(page);
    }

    /** Bytes per element on the wire. */
    static int wireBytes(Dtype.Storage storage, WireFormat wire) {
        return switch (storage) {
            case FLOAT -> wire.bytes();
            case SHORT -> 2;
            case BYTE -> 1;
            case INT -> 4;
        };
    }

    /** Elements {@code [off, off + len)} of the ring's array go to wire elements from {@code at}, over several threads. */
    void pack(Object array, int off, int len, int at) {
        double[] energy = new double[2];
        PackingThreads.split(len, energy, (from, to, e) -> {
            switch (storage) {
                case SHORT -> MemorySegment.copy((short[]) array, off + from, page, SHORT, (at + from) * 2L, to - from);
                case BYTE -> MemorySegment.copy((byte[]) array, off + from, page, ValueLayout.JAVA_BYTE, at + from, to - from);
                case INT -> MemorySegment.copy((int[]) array, off + from, page, ValueLayout.JAVA_INT_UNALIGNED,
                        (at + from) * 4L, to - from);
                case FLOAT -> WireCodec.pack(wire, (float[]) array, off + from, to - from, page, at + from, e, true);
            }
        });
        signalEnergy += energy[0];
        errorEnergy += energy[1];
    }

    /**
     * Elements {@code [element, element + len)} of an off-heap ring go to wire elements from {@code at}, over several
     * threads: the bytes and energies {@link #pack(Object, int, int, int)} gives from an array holding them.
     */
    void packSegment(MemorySegment ring, long element, int len, int at) {
        packSegment(ring, element, len, at, PackingThreads.COUNT);
    }

    /** {@link #packSegment(MemorySegment, long, int, int)} over at most {@code threads} threads. */
    void packSegment(MemorySegment ring, long element, int len, int at, int threads) {
        double[] energy = overSegment(true, ring, element, len, at, threads);
        signalEnergy += energy[0];
        errorEnergy += energy[1];
    }

    /** Wire elements from {@code at} go to an off-heap ring at {@code [element, element + len)}, over several threads. */
    void unpackSegment(int at, MemorySegment ring, long element, int len) {
        unpackSegment(at, ring, element, len, PackingThreads.COUNT);
    }

    /** {@link #unpackSegment(int, MemorySegment, long, int)} over at most {@code threads} threads. */
    void unpackSegment(int at, MemorySegment ring, long element, int len, int threads) {
        addUnpacked(overSegment(false, ring, element, len, at, threads)[0], len);
    }

    /** Ring elements from {@code element} to wire elements from {@code at} ({@code pack}) or back; their energies. */
    private double[] overSegment(boolean pack, MemorySegment ring, long element, int len, int at, int threads) {
        double[] energy = new double[2];
        long size = org.sigflow.runtime.buffer.StreamBuffer.elementBytes(storage);
        PackingThreads.split(len, energy, (from, to, e) -> {
            if (storage == Dtype.Storage.FLOAT && pack) {
                WireCodec.pack(wire, ring, element + from, to - from, page, at + from, e, true);
            } else if (storage == Dtype.Storage.FLOAT) {
                WireCodec.unpack(wire, page, at + from, ring, element + from, to - from, e, true);
            } else if (pack) { // non-float streams travel as they are
                MemorySegment.copy(ring, (element + from) * size, page, (at + from) * size, (to - from) * size);
            } else {
                MemorySegment.copy(page, (at + from) * size, ring, (element + from) * size, (to - from) * size);
            }
        }, threads, pack);
        return energy;
    }

    /** Wire elements from {@code at} go to the ring's array at {@code [off, off + len)}, over several threads. */
    void unpack(int at, Object array, int off, int len) {
        double[] energy = new double[2];
        PackingThreads.split(len, energy, (from, to, e) -> {
            switch (storage) {
                case SHORT -> MemorySegment.copy(page, SHORT, (at + from) * 2L, (short[]) array, off + from, to - from);
                case BYTE -> MemorySegment.copy(page, ValueLayout.JAVA_BYTE, at + from, (byte[]) array, off + from, to - from);
                case INT -> MemorySegment.copy(page, ValueLayout.JAVA_INT_UNALIGNED, (at + from) * 4L, (int[]) array,
                        off + from, to - from);
                case FLOAT -> WireCodec.unpack(wire, page, at + from, (float[]) array, off + from, to - from, e, true);
            }
        }, PackingThreads.COUNT, false);
        addUnpacked(energy[0], len);
    }

    /** The d2h estimate: the unpacked signal's energy and the format's expected noise floor at its power. */
    private void addUnpacked(double signal, int len) {
        if (wire != WireFormat.FP32) {
            signalEnergy += signal;
            errorEnergy += len * wire.noiseFloor(signal / Math.max(1, len));
        }
    }

    /** Signal-to-error ratio over several packers (null entries skipped), in dB; infinite when nothing was lost. */
    static double snrDb(HostPacking[] packers) {
        double sig = 0;
        double err = 0;
        for (HostPacking p : packers) {
            if (p != null) {
                sig += p.signalEnergy;
                err += p.errorEnergy;
            }
        }
        return err > 0 ? 10 * Math.log10(sig / err) : Double.POSITIVE_INFINITY;
    }

    double snrDb() {
        return errorEnergy > 0 ? 10 * Math.log10(signalEnergy / errorEnergy) : Double.POSITIVE_INFINITY;
    }
}

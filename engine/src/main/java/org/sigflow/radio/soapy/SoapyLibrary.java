package org.sigflow.radio.soapy;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SoapySDR's C API ({@code SoapySDR/Device.h}, ABI 0.8) through Java's FFM: no native code is built by SigFlow. The
 * library is {@code libSoapySDR.so.0.8} from the system (Debian: libsoapysdr0.8), or the file named by the system
 * property {@value #LIBRARY_PROPERTY} (tests point it at a fake library with the same functions).
 */
public final class SoapyLibrary {
    public static final String LIBRARY_PROPERTY = "sigflow.soapy.library";
    public static final int TX = 0;
    public static final int RX = 1;
    public static final int TIMEOUT = -1;
    public static final int OVERFLOW = -4;
    public static final int UNDERFLOW = -7;
    public static final int END_BURST = 1 << 1;

    private static final List<String> NAMES = List.of("libSoapySDR.so.0.8", "libSoapySDR.so");
    private static final Map<String, SoapyLibrary> LOADED = new ConcurrentHashMap<>();
    private static final AddressLayout C_STRING = ADDRESS.withTargetLayout(java.lang.foreign.MemoryLayout
            .sequenceLayout(Long.MAX_VALUE, java.lang.foreign.ValueLayout.JAVA_BYTE));

    final String name;
    final MethodHandle enumerate;
    final MethodHandle kwargsListClear;
    final MethodHandle make;
    final MethodHandle unmake;
    final MethodHandle lastError;
    final MethodHandle errToStr;
    final MethodHandle setSampleRate;
    final MethodHandle setFrequency;
    final MethodHandle setGain;
    final MethodHandle setGainMode;
    final MethodHandle setAntenna;
    final MethodHandle setupStream;
    final MethodHandle closeStream;
    final MethodHandle activateStream;
    final MethodHandle deactivateStream;
    final MethodHandle readStream;
    final MethodHandle writeStream;

    private SoapyLibrary(String name, SymbolLookup lookup) throws SoapyUnavailableException {
        this.name = name;
        Linker l = Linker.nativeLinker();
        enumerate = h(l, lookup, "SoapySDRDevice_enumerateStrArgs", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        kwargsListClear = h(l, lookup, "SoapySDRKwargsList_clear", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
        make = h(l, lookup, "SoapySDRDevice_makeStrArgs", FunctionDescriptor.of(ADDRESS, ADDRESS));
        unmake = h(l, lookup, "SoapySDRDevice_unmake", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        lastError = h(l, lookup, "SoapySDRDevice_lastError", FunctionDescriptor.of(C_STRING));
        errToStr = h(l, lookup, "SoapySDR_errToStr", FunctionDescriptor.of(C_STRING, JAVA_INT));
        setSampleRate = h(l, lookup, "SoapySDRDevice_setSampleRate",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_DOUBLE));
        setFrequency = h(l, lookup, "SoapySDRDevice_setFrequency",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_DOUBLE, ADDRESS));
        setGain = h(l, lookup, "SoapySDRDevice_setGain",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_DOUBLE));
        setGainMode = h(l, lookup, "SoapySDRDevice_setGainMode",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_BOOLEAN));
        setAntenna = h(l, lookup, "SoapySDRDevice_setAntenna",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, ADDRESS));
        setupStream = h(l, lookup, "SoapySDRDevice_setupStream",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
        closeStream = h(l, lookup, "SoapySDRDevice_closeStream", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        activateStream = h(l, lookup, "SoapySDRDevice_activateStream",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_LONG));
        deactivateStream = h(l, lookup, "SoapySDRDevice_deactivateStream",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG));
        readStream = h(l, lookup, "SoapySDRDevice_readStream",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG));
        writeStream = h(l, lookup, "SoapySDRDevice_writeStream",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG));
    }

    private static MethodHandle h(Linker l, SymbolLookup lookup, String symbol, FunctionDescriptor d)
            throws SoapyUnavailableException {
        MemorySegment s = lookup.find(symbol).orElseThrow(() -> new SoapyUnavailableException(
                "the SoapySDR library found has no " + symbol + " (SigFlow needs SoapySDR 0.8)"));
        return l.downcallHandle(s, d);
    }

    /** The library (loaded once); a missing one is a one-line message naming the Debian packages. */
    public static SoapyLibrary load() throws SoapyUnavailableException {
        String override = System.getProperty(LIBRARY_PROPERTY);
        List<String> names = override != null && !override.isBlank() ? List.of(override) : NAMES;
        for (String n : names) {
            SoapyLibrary lib = LOADED.get(n);
            if (lib != null) {
                return lib;
            }
            SymbolLookup lookup;
            try {
                lookup = SymbolLookup.libraryLookup(n, Arena.global());
            } catch (IllegalArgumentException e) {
                continue; // not found under this name
            }
            lib = new SoapyLibrary(n, lookup);
            LOADED.put(n, lib);
            return lib;
        }
        throw new SoapyUnavailableException("SoapySDR is not installed (" + String.join(" or ", names) + " not "
                + "found): install libsoapysdr0.8 (soapysdr-tools lists devices too) and your radio's module, e.g. "
                + "soapysdr0.8-module-rtlsdr");
    }

    public String name() {
        return name;
    }

    /** Devices matching {@code args} (e.g. {@code "driver=rtlsdr"}; empty: all), each as its key/value pairs. */
    public List<Map<String, String>> enumerate(String args) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment length = a.allocate(JAVA_LONG);
            MemorySegment list = (MemorySegment) enumerate.invokeExact(a.allocateFrom(args), length);
            long n = length.get(JAVA_LONG, 0);
            List<Map<String, String>> out = new ArrayList<>();
            if (n == 0 || list.equals(MemorySegment.NULL)) {
                return out;
            }
            MemorySegment kwargs = list.reinterpret(24 * n); // {size_t size; char **keys; char **vals;}
            for (long i = 0; i < n; i++) {
                long size = kwargs.get(JAVA_LONG, 24 * i);
                MemorySegment keys = kwargs.get(ADDRESS, 24 * i + 8).reinterpret(8 * size);
                MemorySegment vals = kwargs.get(ADDRESS, 24 * i + 16).reinterpret(8 * size);
                Map<String, String> m = new LinkedHashMap<>();
                for (long k = 0; k < size; k++) {
                    m.put(string(keys.get(ADDRESS, 8 * k)), string(vals.get(ADDRESS, 8 * k)));
                }
                out.add(m);
            }
            kwargsListClear.invokeExact(list, n);
            return out;
        } catch (Throwable t) {
            throw new IllegalStateException("SoapySDR enumerate failed: " + t.getMessage(), t);
        }
    }

    /** Opens the first device matching {@code args}. */
    public SoapyDevice open(String args) throws SoapyUnavailableException {
        MemorySegment dev;
        try (Arena a = Arena.ofConfined()) {
            dev = (MemorySegment) make.invokeExact(a.allocateFrom(args));
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (dev.equals(MemorySegment.NULL)) {
            throw new SoapyUnavailableException("no SoapySDR device matches '" + args + "': " + lastError()
                    + " (sigflow devices lists what is connected)");
        }
        return new SoapyDevice(this, dev, args);
    }

    String lastError() {
        try {
            return string((MemorySegment) lastError.invokeExact());
        } catch (Throwable t) {
            return "unknown error";
        }
    }

    String errorText(int code) {
        try {
            return string((MemorySegment) errToStr.invokeExact(code)) + " (" + code + ")";
        } catch (Throwable t) {
            return "error " + code;
        }
    }

    static String string(MemorySegment s) {
        return s.equals(MemorySegment.NULL) ? "" : s.reinterpret(Long.MAX_VALUE).getString(0);
    }
}

package org.sigflow.radio.soapy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Peers;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.cli.Main;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * The FFM binding, soapy_source, soapy_sink and `sigflow devices` against a fake libSoapySDR built here from
 * {@code fake_soapy.c} (same C signatures; Debian has no null/loopback SoapySDR driver). Needs gcc.
 */
class SoapyBindingTest {
    @TempDir
    static Path dir;
    static Path fake;

    @BeforeAll
    static void buildFake() throws Exception {
        Peers.assumeInstalled("gcc", "building the fake libSoapySDR for the FFM binding tests");
        Path src = dir.resolve("fake_soapy.c");
        try (var in = SoapyBindingTest.class.getResourceAsStream("/soapy/fake_soapy.c")) {
            Files.write(src, in.readAllBytes());
        }
        fake = dir.resolve("libfakesoapy.so");
        Peers.run(dir, "gcc", "-shared", "-fPIC", "-O1", "-o", fake.toString(), src.toString());
        System.setProperty(SoapyLibrary.LIBRARY_PROPERTY, fake.toString());
    }

    @AfterAll
    static void forgetFake() {
        System.clearProperty(SoapyLibrary.LIBRARY_PROPERTY);
    }

    /** What the fake library logged since the last make (or since it was loaded). */
    static String log() throws Throwable {
        SymbolLookup lookup = SymbolLookup.libraryLookup(fake, Arena.global());
        MemorySegment text = (MemorySegment) Linker.nativeLinker().downcallHandle(lookup.find("fakeSoapy_log")
                .orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS)).invokeExact();
        return text.reinterpret(1 << 16).getString(0);
    }

    private static Block source(String device, double freq) throws Exception {
        return Setups.create("soapy_source", "device", device, "channel", 0, "freq", freq, "samp_rate", 2e6,
                "gain_auto", false, "gain", 31.5, "antenna", "RX2");
    }

    @Test
    void enumeratesAndFrees() throws Throwable {
        List<Map<String, String>> d = SoapyLibrary.load().enumerate("");
        assertEquals(List.of(Map.of("driver", "fake", "label", "Fake RX :: 0001", "serial", "0001"),
                Map.of("driver", "fake", "label", "Fake TX :: 0002", "serial", "0002")), d);
        assertTrue(log().endsWith("clear 2\n"), "the list is handed back to SoapySDR: " + log());
        assertEquals(List.of(), SoapyLibrary.load().enumerate("driver=rtlsdr"));
    }

    @Test
    void devicesCommandListsThem() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(List.of("devices"), new PrintStream(out), System.err);
        assertEquals(0, code);
        assertEquals("""
                [0] Fake RX :: 0001
                    device: driver=fake,serial=0001
                [1] Fake TX :: 0002
                    device: driver=fake,serial=0002
                """, out.toString());
    }

    @Test
    void sourceTunesStreamsCountsOverflowsAndRetunes() throws Throwable {
        Block b = source("driver=fake", 433.92e6);
        BlockHarness h = BlockHarness.of(b).output(Dtype.CF32, 1).chunk(4096).maxCalls(6).beforeCall(call -> {
            if (call == 4) {
                b.applyParam("freq", Value.of(434e6));
                b.applyParam("gain", Value.of(10.0));
            }
        }).run();
        assertEquals("""
                make
                stream dir 1 ch 0
                rate 2000000 ch 0
                freq 433920000 dir 1
                antenna RX2
                agc 0
                gain 31.5
                activate
                freq 434000000 dir 1
                gain 10.0
                deactivate
                close
                unmake
                """, log());
        float[] y = h.floats(0);
        assertEquals(5 * 1000 * 2, y.length, "6 reads, one of them an overflow");
        for (int k = 0; k < y.length / 2; k++) {
            assertEquals(k / 1000f, y[2 * k]);
            assertEquals(-k / 1000f, y[2 * k + 1]);
        }
        assertEquals(1.0, b.extraMetrics().get("overflows"));
        assertEquals(434e6, h.tags(0).get(2).value(), "the retune is tagged");
        assertEquals(3000, h.tags(0).get(2).offset());
    }

    @Test
    void sinkTransmitsEverySampleAndEndsTheBurst() throws Throwable {
        float[] x = new float[2 * 2000];
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) Math.sin(0.01 * i);
            sum += x[i];
        }
        Block b = Setups.create("soapy_sink", "device", "driver=fake", "channel", 0, "freq", 2.4e9, "samp_rate", 4e6,
                "gain_auto", true, "gain", 0.0, "antenna", "");
        BlockHarness.of(b).input(Dtype.CF32, 1, x).chunk(2000).run();
        String log = log();
        assertTrue(log.contains("stream dir 0 ch 0\nrate 4000000 ch 0\nfreq 2400000000 dir 0\nagc 1\nactivate\n"),
                log);
        assertTrue(log.contains("end burst after 2000\n"), log);
        assertTrue(log.contains(String.format("tx 2000 samples, sum %.3f\n", sum)), log);
    }

    @Test
    void failuresAreOneClearLineAndReleaseTheDevice() throws Throwable {
        Exception none = assertThrows(SoapyUnavailableException.class, () -> BlockHarness.of(source("driver=nothing",
                1e6)).output(Dtype.CF32, 1).run());
        assertEquals("no SoapySDR device matches 'driver=nothing': SoapySDR::Device::make() no match (sigflow devices "
                + "lists what is connected)", none.getMessage());
        Exception bad = assertThrows(IllegalStateException.class, () -> BlockHarness.of(source("driver=fake", -1))
                .output(Dtype.CF32, 1).run());
        assertEquals("SoapySDR device 'driver=fake': frequency -1.0 Hz failed: NOT_SUPPORTED (-5)", bad.getMessage());
        assertTrue(log().endsWith("close\nunmake\n"), log());
    }

    @Test
    void withoutTheLibraryItSaysSoInOneLine() {
        String before = System.getProperty(SoapyLibrary.LIBRARY_PROPERTY);
        System.setProperty(SoapyLibrary.LIBRARY_PROPERTY, dir.resolve("libSoapySDR-missing.so").toString());
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(1, Main.run(List.of("devices"), System.out, new PrintStream(err)));
            String line = err.toString();
            assertEquals(1, line.lines().count(), line);
            assertTrue(line.startsWith("sigflow: SoapySDR is not installed (") && line.contains("libsoapysdr0.8"),
                    line);
        } finally {
            System.setProperty(SoapyLibrary.LIBRARY_PROPERTY, before);
        }
    }
}

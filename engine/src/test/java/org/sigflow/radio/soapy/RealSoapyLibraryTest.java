package org.sigflow.radio.soapy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The binding against the real libSoapySDR 0.8 where it is installed (Debian: libsoapysdr0.8). No radio is
 * attached on CI, so this checks the calls that need none: enumerate, make and lastError for a driver nobody has.
 */
class RealSoapyLibraryTest {
    @Test
    void realLibraryAnswersWithoutHardware() throws Exception {
        Assumptions.assumeTrue(System.getProperty(SoapyLibrary.LIBRARY_PROPERTY) == null, "a fake library is set");
        SoapyLibrary lib;
        try {
            lib = SoapyLibrary.load();
        } catch (SoapyUnavailableException e) {
            Assumptions.abort("libSoapySDR is not installed (apt install libsoapysdr0.8): " + e.getMessage());
            return;
        }
        assertEquals(List.of(), lib.enumerate("driver=sigflow_no_such_driver"));
        SoapyUnavailableException e = assertThrows(SoapyUnavailableException.class,
                () -> lib.open("driver=sigflow_no_such_driver"));
        assertTrue(e.getMessage().startsWith("no SoapySDR device matches 'driver=sigflow_no_such_driver': "),
                e.getMessage());
        assertTrue(e.getMessage().length() > "no SoapySDR device matches 'driver=sigflow_no_such_driver': ".length()
                + 40, "SoapySDR's own reason is included: " + e.getMessage());
    }
}

package org.sigflow.radio.soapy;

/** SoapySDR cannot be used here: the library is missing, or has no device matching the user's arguments. */
public final class SoapyUnavailableException extends Exception {
    public SoapyUnavailableException(String message) {
        super(message);
    }
}

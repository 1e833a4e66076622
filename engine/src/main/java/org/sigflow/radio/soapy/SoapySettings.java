package org.sigflow.radio.soapy;

import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockSetup;

/**
 * The params soapy_source and soapy_sink share: device arguments, channel, frequency, rate, gain (or automatic
 * gain) and antenna; {@link #open} applies them in the order SoapySDR drivers expect (rate before frequency).
 */
public record SoapySettings(String instance, String args, int channel, double freq, double sampRate,
                            boolean gainAuto, double gain, String antenna) {

    public static SoapySettings of(BlockSetup s) {
        return new SoapySettings(s.instanceId(), s.string("device").trim(), s.integer("channel"), s.real("freq"),
                s.real("samp_rate"), s.bool("gain_auto"), s.real("gain"), s.string("antenna").trim());
    }

    /** Loads the library, opens the device and its stream, applies every setting and activates the stream. */
    public SoapyDevice open(int direction) throws SoapyUnavailableException {
        SoapyLibrary lib;
        try {
            lib = SoapyLibrary.load();
        } catch (SoapyUnavailableException e) {
            throw new SoapyUnavailableException("'" + instance + "': " + e.getMessage());
        }
        SoapyDevice d = lib.open(args);
        try {
            d.setupStream(direction, channel);
            d.setSampleRate(sampRate);
            d.setFrequency(freq);
            if (!antenna.isEmpty()) {
                d.setAntenna(antenna);
            }
            d.setGainMode(gainAuto);
            if (!gainAuto) {
                d.setGain(gain);
            }
            d.activate();
            return d;
        } catch (RuntimeException e) {
            d.close();
            throw e;
        }
    }

    /** A runtime change of frequency, gain or automatic gain. */
    public void apply(SoapyDevice d, String paramId, Value v) {
        switch (paramId) {
            case "freq" -> d.setFrequency(v.asDouble());
            case "gain" -> d.setGain(v.asDouble());
            case "gain_auto" -> d.setGainMode(v.asBoolean());
            default -> throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
        }
    }
}

package org.sigflow.dsp;

import java.util.SplittableRandom;

/**
 * A seeded wideband test band: {@code carriers} carriers, each in a random one of {@code channels} equal channels
 * across the sample rate (centres {@code k fs / channels}, numbered as a channelizer's outputs), offset from the
 * centre by up to 30 % of a channel, with a random amplitude; every third is a plain carrier (CW), the others FM by a
 * tone (0.3 … 3 kHz, deviation up to 10 % of a channel). Each sample's phase is computed in closed form from its index
 * (in double), so nothing drifts however long the stream runs.
 */
public final class CarrierBand {
    /** One carrier: channel, frequency (Hz), amplitude, FM tone (Hz, 0 for CW) and modulation index. */
    public record Carrier(int channel, double frequency, double amplitude, double tone, double index) {}

    private final Carrier[] carriers;
    private final double fs;

    public CarrierBand(double fs, int channels, int count, double amplitude, long seed) {
        if (!(fs > 0) || channels < 1 || count < 0) {
            throw new IllegalArgumentException("a carrier band needs fs > 0, channels >= 1, carriers >= 0; got fs " + fs
                    + ", channels " + channels + ", carriers " + count);
        }
        this.fs = fs;
        double width = fs / channels;
        SplittableRandom r = new SplittableRandom(seed);
        carriers = new Carrier[count];
        for (int i = 0; i < count; i++) {
            int ch = r.nextInt(channels);
            double centre = (ch <= channels / 2 ? ch : ch - channels) * width;
            double f = centre + (r.nextDouble() * 0.6 - 0.3) * width;
            double a = amplitude * (0.2 + 0.8 * r.nextDouble());
            boolean cw = i % 3 == 0;
            double tone = cw ? 0 : 300 + 2700 * r.nextDouble();
            double deviation = cw ? 0 : 0.1 * width * r.nextDouble();
            carriers[i] = new Carrier(ch, f, a, tone, cw ? 0 : deviation / tone);
        }
    }

    public Carrier[] carriers() {
        return carriers.clone();
    }

    /** Writes samples {@code first … first + n - 1} of the band (interleaved complex) at {@code out[off]}. */
    public void write(long first, float[] out, int off, int n) {
        for (int k = 0; k < n; k++) {
            long t = first + k;
            double re = 0;
            double im = 0;
            for (Carrier c : carriers) {
                double cycles = c.frequency() / fs * t;
                double phase = 2 * Math.PI * (cycles - Math.floor(cycles));
                if (c.tone() > 0) {
                    double m = c.tone() / fs * t;
                    phase += c.index() * Math.sin(2 * Math.PI * (m - Math.floor(m)));
                }
                re += c.amplitude() * Math.cos(phase);
                im += c.amplitude() * Math.sin(phase);
            }
            out[off + 2 * k] = (float) re;
            out[off + 2 * k + 1] = (float) im;
        }
    }
}

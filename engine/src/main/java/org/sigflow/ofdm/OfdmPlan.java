package org.sigflow.ofdm;

/**
 * A WirelessHD-like OFDM subcarrier plan: {@code fft} bins, of which {@code data + pilots} carriers are used,
 * symmetric about DC, skipping the three bins around DC (the HRP mode of WirelessHD: 512 bins, 336 data, 16 pilots,
 * 3 DC nulls, the rest guard). Pilots are every {@code used/pilots}-th used carrier, a known BPSK pattern.
 * Bins are numbered as an unshifted FFT's: carrier {@code k < 0} is bin {@code fft + k}.
 */
public final class OfdmPlan {
    private final int fft;
    private final int[] dataBins;
    private final int[] pilotBins;
    private final float[] pilotValues;

    public OfdmPlan(int fft, int data, int pilots) {
        int used = data + pilots;
        if (fft < 8 || data < 1 || pilots < 1 || used % 2 != 0 || used % pilots != 0 || used + 3 > fft) {
            throw new IllegalArgumentException("OFDM plan: need data + pilots even, a multiple of pilots, and at most "
                    + "fft_size - 3 (DC nulls); got fft_size " + fft + ", data " + data + ", pilots " + pilots);
        }
        this.fft = fft;
        this.dataBins = new int[data];
        this.pilotBins = new int[pilots];
        this.pilotValues = new float[pilots];
        int spacing = used / pilots;
        int d = 0;
        int p = 0;
        for (int u = 0; u < used; u++) {
            int k = u < used / 2 ? u - used / 2 - 1 : u - used / 2 + 2; // -used/2-1 .. -2, 2 .. used/2+1
            int bin = k < 0 ? fft + k : k;
            if (u % spacing == spacing / 2) {
                pilotValues[p] = Integer.bitCount(p * 0x2B) % 2 == 0 ? 1f : -1f;
                pilotBins[p++] = bin;
            } else {
                dataBins[d++] = bin;
            }
        }
    }

    public int fftSize() {
        return fft;
    }

    public int[] dataBins() {
        return dataBins;
    }

    public int[] pilotBins() {
        return pilotBins;
    }

    public float[] pilotValues() {
        return pilotValues;
    }

    public int usedCarriers() {
        return dataBins.length + pilotBins.length;
    }
}

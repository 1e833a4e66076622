package org.sigflow.dsp;

/**
 * GNU Radio's Parks-McClellan design ({@code filter.pm_remez}, Janovetz's remez exchange, band-pass type only) and
 * {@code optfir.low_pass} with its order estimate ({@code remezord}, Herrmann's formula), ported step for step so
 * designed taps equal GNU Radio's to double rounding.
 */
public final class Remez {
    private static final int GRID_DENSITY = 16;
    private static final int MAX_ITERATIONS = 40;

    private Remez() {}

    /** Thrown where GNU Radio's {@code pm_remez} raises (no convergence, too few or too many extremals). */
    public static final class DesignException extends RuntimeException {
        DesignException(String message) {
            super(message);
        }
    }

    /**
     * {@code optfir.low_pass(gain, fs, freq1, freq2, ripple_db, atten_db)} as GNU Radio's {@code pfb} wrappers call
     * it: when the design does not converge the pass-band ripple grows by 0.01 dB and it tries again, up to 1 dB.
     */
    public static float[] optfirLowPass(double gain, double fs, double freq1, double freq2, double rippleDb,
                                        double attenDb) {
        double ripple = rippleDb;
        while (true) {
            try {
                return toFloat(lowPass(gain, fs, freq1, freq2, ripple, attenDb, 2));
            } catch (DesignException e) {
                ripple += 0.01;
                if (ripple >= 1.0) {
                    throw new IllegalArgumentException("the optimal (Parks-McClellan) low-pass could not be designed"
                            + " (" + e.getMessage() + "): give explicit taps");
                }
            }
        }
    }

    /** {@code optfir.low_pass} once (no retry). */
    public static double[] lowPass(double gain, double fs, double freq1, double freq2, double rippleDb,
                                   double attenDb, int extraTaps) {
        double passDev = (Math.pow(10, rippleDb / 20) - 1) / (Math.pow(10, rippleDb / 20) + 1);
        double stopDev = Math.pow(10, -attenDb / 20);
        // remezord([freq1, freq2], [gain, 0], [passDev, stopDev], fs)
        double f1 = freq1 / fs;
        double f2 = freq2 / fs;
        double[] devs = {gain != 0 ? passDev / gain : passDev, stopDev};
        double l = lpOrder(f1, f2, devs[0], devs[1]);
        int n = (int) Math.ceil(l) - 1;
        double[] bands = {0, f1 * 2, f2 * 2, 1};
        double[] ampls = {gain, gain, 0, 0};
        double maxDev = Math.max(devs[0], devs[1]);
        double[] weights = {maxDev / devs[0], maxDev / devs[1]};
        return pmRemez(n + extraTaps, bands, ampls, weights);
    }

    private static double lpOrder(double freq1, double freq2, double deltaP, double deltaS) {
        double df = Math.abs(freq2 - freq1);
        double ddp = Math.log10(deltaP);
        double dds = Math.log10(deltaS);
        double a1 = 5.309e-3;
        double a2 = 7.114e-2;
        double a3 = -4.761e-1;
        double a4 = -2.66e-3;
        double a5 = -5.941e-1;
        double a6 = -4.278e-1;
        double b1 = 11.01217;
        double b2 = 0.5124401;
        double t1 = a1 * ddp * ddp;
        double t2 = a2 * ddp;
        double t3 = a4 * ddp * ddp;
        double t4 = a5 * ddp;
        double dinf = ((t1 + t2 + a3) * dds) + (t3 + t4 + a6);
        double ff = b1 + b2 * (ddp - dds);
        return dinf / df - ff * df + 1;
    }

    /** {@code filter.pm_remez(order, bands, response, weight, "bandpass")}: bands in [0, 1] (1 = Nyquist). */
    public static double[] pmRemez(int order, double[] argBands, double[] response, double[] weight) {
        int numtaps = order + 1;
        if (numtaps < 4) {
            throw new IllegalArgumentException("number of taps must be >= 3");
        }
        int numband = argBands.length / 2;
        double[] bands = new double[2 * numband];
        for (int i = 0; i < 2 * numband; i++) {
            bands[i] = argBands[i] / 2;
        }
        int r = numtaps / 2;
        if (numtaps % 2 == 1) {
            r++;
        }
        int gridsize = 0;
        for (int i = 0; i < numband; i++) {
            gridsize += (int) (2 * r * GRID_DENSITY * (bands[2 * i + 1] - bands[2 * i]) + .5);
        }
        double[] grid = new double[gridsize];
        double[] d = new double[gridsize];
        double[] w = new double[gridsize];
        double[] e = new double[gridsize];
        int[] ext = new int[r + 1];
        double[] x = new double[r + 1];
        double[] y = new double[r + 1];
        double[] ad = new double[r + 1];
        denseGrid(r, numband, bands, response, weight, grid, d, w);
        for (int i = 0; i <= r; i++) {
            ext[i] = i * (gridsize - 1) / r;
        }
        if (numtaps % 2 == 0) {
            for (int i = 0; i < gridsize; i++) {
                double c = Math.cos(Math.PI * grid[i]);
                d[i] /= c;
                w[i] *= c;
            }
        }
        int iter;
        for (iter = 0; iter < MAX_ITERATIONS; iter++) {
            calcParms(r, ext, grid, d, w, ad, x, y);
            for (int i = 0; i < gridsize; i++) {
                e[i] = w[i] * (d[i] - computeA(grid[i], r, ad, x, y));
            }
            search(r, ext, gridsize, e);
            if (isDone(r, ext, e)) {
                break;
            }
        }
        calcParms(r, ext, grid, d, w, ad, x, y);
        double[] taps = new double[numtaps / 2 + 1];
        for (int i = 0; i <= numtaps / 2; i++) {
            double c = numtaps % 2 == 1 ? 1 : Math.cos(Math.PI * (double) i / numtaps);
            taps[i] = computeA((double) i / numtaps, r, ad, x, y) * c;
        }
        double[] h = freqSample(numtaps, taps);
        if (iter >= MAX_ITERATIONS) {
            throw new DesignException("failed to converge");
        }
        return h;
    }

    private static void denseGrid(int r, int numband, double[] bands, double[] des, double[] weight, double[] grid,
                                  double[] d, double[] w) {
        double delf = 0.5 / (GRID_DENSITY * r);
        int j = 0;
        for (int band = 0; band < numband; band++) {
            double lowf = bands[2 * band];
            double highf = bands[2 * band + 1];
            int k = (int) ((highf - lowf) / delf + 0.5);
            for (int i = 0; i < k; i++) {
                d[j] = des[2 * band] + i * (des[2 * band + 1] - des[2 * band]) / (k - 1);
                w[j] = weight[band];
                grid[j] = lowf;
                lowf += delf;
                j++;
            }
            grid[j - 1] = highf;
        }
    }

    private static void calcParms(int r, int[] ext, double[] grid, double[] d, double[] w, double[] ad, double[] x,
                                  double[] y) {
        for (int i = 0; i <= r; i++) {
            x[i] = Math.cos(2 * Math.PI * grid[ext[i]]);
        }
        int ld = (r - 1) / 15 + 1;
        for (int i = 0; i <= r; i++) {
            double denom = 1.0;
            double xi = x[i];
            for (int j = 0; j < ld; j++) {
                for (int k = j; k <= r; k += ld) {
                    if (k != i) {
                        denom *= 2.0 * (xi - x[k]);
                    }
                }
            }
            if (Math.abs(denom) < 0.00001) {
                denom = 0.00001;
            }
            ad[i] = 1.0 / denom;
        }
        double numer = 0;
        double denom = 0;
        double sign = 1;
        for (int i = 0; i <= r; i++) {
            numer += ad[i] * d[ext[i]];
            denom += sign * ad[i] / w[ext[i]];
            sign = -sign;
        }
        double delta = numer / denom;
        sign = 1;
        for (int i = 0; i <= r; i++) {
            y[i] = d[ext[i]] - sign * delta / w[ext[i]];
            sign = -sign;
        }
    }

    private static double computeA(double freq, int r, double[] ad, double[] x, double[] y) {
        double denom = 0;
        double numer = 0;
        double xc = Math.cos(2 * Math.PI * freq);
        for (int i = 0; i <= r; i++) {
            double c = xc - x[i];
            if (Math.abs(c) < 1.0e-7) {
                numer = y[i];
                denom = 1;
                break;
            }
            c = ad[i] / c;
            denom += c;
            numer += c * y[i];
        }
        return numer / denom;
    }

    private static void search(int r, int[] ext, int gridsize, double[] e) {
        int[] found = new int[2 * r];
        int k = 0;
        if ((e[0] > 0.0 && e[0] > e[1]) || (e[0] < 0.0 && e[0] < e[1])) {
            found[k++] = 0;
        }
        for (int i = 1; i < gridsize - 1; i++) {
            if ((e[i] >= e[i - 1] && e[i] > e[i + 1] && e[i] > 0.0)
                    || (e[i] <= e[i - 1] && e[i] < e[i + 1] && e[i] < 0.0)) {
                if (k >= 2 * r) {
                    throw new DesignException("too many extremals -- cannot continue");
                }
                found[k++] = i;
            }
        }
        int j = gridsize - 1;
        if ((e[j] > 0.0 && e[j] > e[j - 1]) || (e[j] < 0.0 && e[j] < e[j - 1])) {
            if (k >= 2 * r) {
                throw new DesignException("too many extremals -- cannot continue");
            }
            found[k++] = j;
        }
        if (k < r + 1) {
            throw new DesignException("insufficient extremals -- cannot continue");
        }
        int extra = k - (r + 1);
        while (extra > 0) {
            boolean up = e[found[0]] > 0.0;
            int l = 0;
            boolean alt = true;
            for (j = 1; j < k; j++) {
                if (Math.abs(e[found[j]]) < Math.abs(e[found[l]])) {
                    l = j;
                }
                if (up && e[found[j]] < 0.0) {
                    up = false;
                } else if (!up && e[found[j]] > 0.0) {
                    up = true;
                } else {
                    alt = false;
                    break;
                }
            }
            if (alt && extra == 1) {
                l = Math.abs(e[found[k - 1]]) < Math.abs(e[found[0]]) ? k - 1 : 0;
            }
            for (j = l; j < k - 1; j++) {
                found[j] = found[j + 1];
            }
            k--;
            extra--;
        }
        System.arraycopy(found, 0, ext, 0, r + 1);
    }

    private static boolean isDone(int r, int[] ext, double[] e) {
        double min = Math.abs(e[ext[0]]);
        double max = min;
        for (int i = 1; i <= r; i++) {
            double current = Math.abs(e[ext[i]]);
            min = Math.min(min, current);
            max = Math.max(max, current);
        }
        return ((max - min) / max) < 0.0001;
    }

    private static double[] freqSample(int n, double[] a) {
        double[] h = new double[n];
        double m = (n - 1.0) / 2.0;
        int top = n % 2 == 1 ? (int) m : n / 2 - 1;
        for (int i = 0; i < n; i++) {
            double val = a[0];
            double x = 2 * Math.PI * (i - m) / n;
            for (int k = 1; k <= top; k++) {
                val += 2.0 * a[k] * Math.cos(x * k);
            }
            h[i] = val / n;
        }
        return h;
    }

    private static float[] toFloat(double[] h) {
        float[] f = new float[h.length];
        for (int i = 0; i < h.length; i++) {
            f[i] = (float) h[i];
        }
        return f;
    }
}

package org.sigflow.expr;

import org.sigflow.expr.Value.Complex;

/** Complex functions on (re, im) pairs; principal values, like Python's cmath. */
final class ComplexMath {
    private ComplexMath() {}

    static Complex add(double ar, double ai, double br, double bi) {
        return new Complex(ar + br, ai + bi);
    }

    static Complex sub(double ar, double ai, double br, double bi) {
        return new Complex(ar - br, ai - bi);
    }

    static Complex mul(double ar, double ai, double br, double bi) {
        return new Complex(ar * br - ai * bi, ar * bi + ai * br);
    }

    /** Smith's algorithm (as CPython), which avoids needless overflow. */
    static Complex div(double ar, double ai, double br, double bi) {
        if (br == 0 && bi == 0) {
            throw new EvalError("division by zero");
        }
        if (Math.abs(br) >= Math.abs(bi)) {
            double ratio = bi / br;
            double denom = br + bi * ratio;
            return new Complex((ar + ai * ratio) / denom, (ai - ar * ratio) / denom);
        }
        if (Math.abs(bi) >= Math.abs(br)) {
            double ratio = br / bi;
            double denom = br * ratio + bi;
            return new Complex((ar * ratio + ai) / denom, (ai * ratio - ar) / denom);
        }
        return new Complex(Double.NaN, Double.NaN); // a NaN component
    }

    static Complex pow(double ar, double ai, double br, double bi) {
        // Small integer exponents by repeated multiplication: (1j)**2 is exactly -1.
        if (bi == 0 && br == Math.rint(br) && Math.abs(br) <= 100) {
            long n = (long) Math.abs(br);
            Complex result = new Complex(1, 0);
            Complex base = new Complex(ar, ai);
            while (n > 0) {
                if ((n & 1) == 1) {
                    result = mul(result.re(), result.im(), base.re(), base.im());
                }
                n >>= 1;
                if (n > 0) {
                    base = mul(base.re(), base.im(), base.re(), base.im());
                }
            }
            if (br < 0) {
                if (result.re() == 0 && result.im() == 0) {
                    throw new EvalError("zero cannot be raised to a negative power");
                }
                return div(1, 0, result.re(), result.im());
            }
            return result;
        }
        if (ar == 0 && ai == 0) {
            if (bi != 0 || br < 0) {
                throw new EvalError("zero cannot be raised to a negative or complex power");
            }
            return new Complex(0, 0);
        }
        Complex l = log(ar, ai);
        Complex w = mul(br, bi, l.re(), l.im());
        return exp(w.re(), w.im());
    }

    static Complex exp(double re, double im) {
        double m = Math.exp(re);
        return im == 0 ? new Complex(m, im) : new Complex(m * Math.cos(im), m * Math.sin(im));
    }

    static Complex log(double re, double im) {
        return new Complex(Math.log(Math.hypot(re, im)), Math.atan2(im, re));
    }

    static Complex sqrt(double re, double im) {
        if (re == 0 && im == 0) {
            return new Complex(0, im);
        }
        double r = Math.hypot(re, im);
        if (re >= 0) {
            double t = Math.sqrt((r + re) / 2);
            return new Complex(t, im / (2 * t));
        }
        double t = Math.sqrt((r - re) / 2);
        return new Complex(Math.abs(im) / (2 * t), Math.copySign(t, im));
    }

    static Complex sin(double re, double im) {
        return new Complex(Math.sin(re) * Math.cosh(im), Math.cos(re) * Math.sinh(im));
    }

    static Complex cos(double re, double im) {
        return new Complex(Math.cos(re) * Math.cosh(im), -Math.sin(re) * Math.sinh(im));
    }

    static Complex tan(double re, double im) {
        Complex s = sin(re, im);
        Complex c = cos(re, im);
        return div(s.re(), s.im(), c.re(), c.im());
    }

    static Complex sinh(double re, double im) {
        return new Complex(Math.sinh(re) * Math.cos(im), Math.cosh(re) * Math.sin(im));
    }

    static Complex cosh(double re, double im) {
        return new Complex(Math.cosh(re) * Math.cos(im), Math.sinh(re) * Math.sin(im));
    }

    static Complex tanh(double re, double im) {
        Complex s = sinh(re, im);
        Complex c = cosh(re, im);
        return div(s.re(), s.im(), c.re(), c.im());
    }

    // Inverse functions follow CPython's cmath (Kahan's formulas), which avoid the cancellation of the textbook
    // log-based ones.

    /** asin z = -i asinh(iz). */
    static Complex asin(double re, double im) {
        Complex s = asinh(-im, re);
        return new Complex(s.im(), -s.re());
    }

    static Complex asinh(double re, double im) {
        Complex s1 = sqrt(1 + im, -re);
        Complex s2 = sqrt(1 - im, re);
        return new Complex(asinh(s1.re() * s2.im() - s2.re() * s1.im()),
                Math.atan2(im, s1.re() * s2.re() - s1.im() * s2.im()));
    }

    static Complex acos(double re, double im) {
        Complex s1 = sqrt(1 - re, -im);
        Complex s2 = sqrt(1 + re, im);
        return new Complex(2 * Math.atan2(s1.re(), s2.re()), asinh(s2.re() * s1.im() - s2.im() * s1.re()));
    }

    /** atan(x + iy) = atan2(2x, 1 - x² - y²)/2 + i log1p(4y / (x² + (y-1)²))/4. */
    static Complex atan(double re, double im) {
        double real = 0.5 * Math.atan2(2 * re, (1 - im) * (1 + im) - re * re);
        double imag = 0.25 * Math.log1p(4 * im / (re * re + (im - 1) * (im - 1)));
        return new Complex(real, imag);
    }

    /** Real asinh, accurate near zero (Java has no Math.asinh). */
    static double asinh(double x) {
        double a = Math.abs(x);
        if (Double.isInfinite(a)) {
            return x;
        }
        double r = a > 1e8 ? Math.log(a) + Math.log(2) : Math.log1p(a + a * a / (1 + Math.sqrt(1 + a * a)));
        return Math.copySign(r, x);
    }
}

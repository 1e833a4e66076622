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

    /** asin z = -i log(iz + sqrt(1 - z^2)). */
    static Complex asin(double re, double im) {
        Complex z2 = mul(re, im, re, im);
        Complex root = sqrt(1 - z2.re(), -z2.im());
        Complex l = log(-im + root.re(), re + root.im());
        return new Complex(l.im(), -l.re());
    }

    /** acos z = pi/2 - asin z. */
    static Complex acos(double re, double im) {
        Complex a = asin(re, im);
        return new Complex(Math.PI / 2 - a.re(), -a.im());
    }

    /** atan z = (i/2) log((i + z) / (i - z)). */
    static Complex atan(double re, double im) {
        Complex q = div(re, 1 + im, -re, 1 - im);
        Complex l = log(q.re(), q.im());
        return new Complex(-l.im() / 2, l.re() / 2);
    }
}

package org.sigflow.blocks.math;

/** The binary operation of an N-input arithmetic block: {@code d = a op b} over {@code n} floats. */
enum ArithmeticOp {
    ADD {
        @Override
        void apply(boolean complex, float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
            FloatKernels.add(a, ao, b, bo, d, dof, n); // element-wise, the same for interleaved complex
        }
    },
    SUBTRACT {
        @Override
        void apply(boolean complex, float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
            FloatKernels.subtract(a, ao, b, bo, d, dof, n);
        }
    },
    MULTIPLY {
        @Override
        void apply(boolean complex, float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
            if (complex) {
                FloatKernels.complexMultiply(a, ao, b, bo, d, dof, n);
            } else {
                FloatKernels.multiply(a, ao, b, bo, d, dof, n);
            }
        }
    },
    DIVIDE {
        @Override
        void apply(boolean complex, float[] a, int ao, float[] b, int bo, float[] d, int dof, int n) {
            if (complex) {
                FloatKernels.complexDivide(a, ao, b, bo, d, dof, n);
            } else {
                FloatKernels.divide(a, ao, b, bo, d, dof, n);
            }
        }
    };

    /** {@code d[dof..dof+n) = a[ao..) op b[bo..)}; d may be a at the same offset. */
    abstract void apply(boolean complex, float[] a, int ao, float[] b, int bo, float[] d, int dof, int n);
}

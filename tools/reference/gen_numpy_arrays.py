#!/usr/bin/env python3
"""numpy's values for SigFlow's array functions (ArrayFunctionsTest): ones, zeros, kron, reshape(...).T.flatten()."""
import numpy as np

print("transpose_flat(arange(64), [4, 16]):", np.reshape(np.arange(64), (4, 16)).T.flatten().tolist())
print("transpose_flat(arange(6), [-1, 2]):", np.reshape(np.arange(6), (-1, 2)).T.flatten().tolist())
print("kron(ones(3), arange(4)):", np.kron(np.ones(3), np.arange(4)).tolist())
print("kron([1, 2], [3, 4]):", np.kron([1, 2], [3, 4]).tolist())
print("kron([1, 2], [1, 1j]):", np.kron([1, 2], [1, 1j]).tolist())
print("ones([2, 3]):", np.ones((2, 3)).flatten().tolist(), "zeros(2):", np.zeros(2).tolist())

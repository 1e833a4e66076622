package org.sigflow.cuda;

import jcuda.driver.CUdeviceptr;

/** A page of device memory from the {@link DevicePool}: {@code bytes} is its size class, at least what was asked. */
public record DevicePage(CUdeviceptr ptr, long bytes, int sizeClass) {}

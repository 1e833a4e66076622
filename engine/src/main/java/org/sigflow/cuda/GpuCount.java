package org.sigflow.cuda;

/** "1 GPU", "2 GPUs", "no GPU": how many devices a machine has, in the messages about device indices. */
public final class GpuCount {
    private GpuCount() {}

    /** Why {@code device} cannot be used on a machine of {@code count} GPUs, or null when it can. */
    public static String problem(int device, int count) {
        return device >= 0 && device < count ? null
                : "device " + device + " does not exist; this machine has " + words(count);
    }

    public static String words(int count) {
        return count == 0 ? "no usable GPU" : count == 1 ? "1 GPU" : count + " GPUs";
    }
}

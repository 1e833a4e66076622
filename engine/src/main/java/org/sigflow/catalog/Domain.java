package org.sigflow.catalog;

/** Where a block runs and where a port's samples live. */
public enum Domain {
    CPU("cpu", "CPU", "CPU"),
    CUDA("cuda", "CUDA", "GPGPU");

    private final String id;
    private final String displayName;
    private final String memoryName;

    Domain(String id, String displayName, String memoryName) {
        this.id = id;
        this.displayName = displayName;
        this.memoryName = memoryName;
    }

    /** Name in catalog files: {@code cpu}, {@code cuda}. */
    public String id() {
        return id;
    }

    /** Name shown to users for blocks and ports: "CPU", "CUDA". */
    public String displayName() {
        return displayName;
    }

    /** Name of the memory in the memory-node labels: "Memory CPU→GPGPU". */
    public String memoryName() {
        return memoryName;
    }

    /** Parses a catalog name; {@code null} if unknown. */
    public static Domain fromId(String id) {
        for (Domain d : values()) {
            if (d.id.equals(id)) {
                return d;
            }
        }
        return null;
    }
}

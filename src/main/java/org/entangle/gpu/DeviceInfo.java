package org.entangle.gpu;

/**
 * What the driver says about a device.
 *
 * @param name          the device's name
 * @param major         compute capability, major
 * @param minor         compute capability, minor
 * @param multiprocessors number of SMs
 * @param totalMemory   bytes of device memory
 * @param driverVersion the CUDA driver API version (such as 13000)
 */
public record DeviceInfo(String name, int major, int minor, int multiprocessors, long totalMemory, int driverVersion) {

    /** The nvcc architecture for this device, such as {@code sm_90}. */
    public String arch() {
        return "sm_" + major + minor;
    }

    /** One line for reports. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s (%s, %d SMs, %.1f GiB, driver API %d.%d)", name, arch(),
                multiprocessors, totalMemory / (double) (1L << 30), driverVersion / 1000, driverVersion % 1000 / 10);
    }
}

package org.entangle.gpu;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

import java.nio.charset.StandardCharsets;
import jcuda.CudaException;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

/**
 * One CUDA device opened through JCuda's driver API (the primary context of device 0 made current on the
 * calling thread). This package is the only one that touches JCuda. Without a driver, JCuda's native library
 * fails to link; {@link #open()} turns that, and a driver with no device, into a one-line
 * {@link GpuUnavailableException}. Close it to release the context.
 */
public final class Gpu implements AutoCloseable {

    private final CUdevice device;
    private final DeviceInfo info;

    private Gpu(CUdevice device, DeviceInfo info) {
        this.device = device;
        this.info = info;
    }

    /** Opens device 0. */
    public static Gpu open() throws GpuUnavailableException {
        try {
            JCudaDriver.setExceptionsEnabled(true);
            cuInit(0);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new GpuUnavailableException("no CUDA driver found (" + firstLine(e.getMessage()) + ")");
        } catch (CudaException e) {
            throw new GpuUnavailableException("the CUDA driver did not start: " + e.getMessage());
        }
        try {
            int[] count = new int[1];
            cuDeviceGetCount(count);
            if (count[0] == 0) throw new GpuUnavailableException("the CUDA driver found no device");
            CUdevice device = new CUdevice();
            cuDeviceGet(device, 0);
            CUcontext context = new CUcontext();
            cuDevicePrimaryCtxRetain(context, device);
            cuCtxSetCurrent(context);
            return new Gpu(device, describe(device));
        } catch (CudaException e) {
            throw new GpuUnavailableException("no usable CUDA device: " + e.getMessage());
        }
    }

    private static DeviceInfo describe(CUdevice device) {
        byte[] name = new byte[256];
        cuDeviceGetName(name, name.length, device);
        int end = 0;
        while (end < name.length && name[end] != 0) end++;
        long[] memory = new long[1];
        cuDeviceTotalMem(memory, device);
        int[] version = new int[1];
        cuDriverGetVersion(version);
        return new DeviceInfo(new String(name, 0, end, StandardCharsets.US_ASCII),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                memory[0], version[0]);
    }

    private static int attribute(CUdevice device, int attribute) {
        int[] value = new int[1];
        cuDeviceGetAttribute(value, attribute, device);
        return value[0];
    }

    public DeviceInfo info() {
        return info;
    }

    /** Allocates {@code bytes} (at least 1) of device memory. */
    public DeviceBuffer allocate(long bytes, String purpose) {
        return DeviceBuffer.allocate(Math.max(1, bytes), purpose);
    }

    /** Loads PTX and finds its kernel {@code entry}. */
    public LoadedKernel load(String ptx, String entry) {
        return LoadedKernel.load(ptx, entry);
    }

    /** Waits for all work on the device. */
    public void synchronize(String what) {
        try {
            cuCtxSynchronize();
        } catch (CudaException e) {
            throw new GpuException(what + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        cuDevicePrimaryCtxRelease(device);
    }

    private static String firstLine(String message) {
        if (message == null) return "native library did not load";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}

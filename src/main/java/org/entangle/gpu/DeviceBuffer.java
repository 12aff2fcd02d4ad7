package org.entangle.gpu;

import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD8;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/** Device memory freed by {@link #close()} (use try-with-resources so it is freed on failure too). */
public final class DeviceBuffer implements AutoCloseable {

    private final CUdeviceptr pointer;
    private final long bytes;
    private boolean freed;

    private DeviceBuffer(CUdeviceptr pointer, long bytes) {
        this.pointer = pointer;
        this.bytes = bytes;
    }

    static DeviceBuffer allocate(long bytes, String purpose) {
        CUdeviceptr p = new CUdeviceptr();
        try {
            cuMemAlloc(p, bytes);
        } catch (CudaException e) {
            throw new GpuException(String.format(java.util.Locale.ROOT, "allocating %.3f GiB for %s: %s",
                    bytes / (double) (1L << 30), purpose, e.getMessage()), e);
        }
        return new DeviceBuffer(p, bytes);
    }

    public long bytes() {
        return bytes;
    }

    /** The device pointer (for the JCuda calls of {@code org.entangle.gpu} and its sub-packages). */
    public CUdeviceptr pointer() {
        return pointer;
    }

    /** Copies {@code host} (bytes of it) to the start of the buffer. */
    void upload(Pointer host, long count) {
        if (count > 0) cuMemcpyHtoD(pointer, host, count);
    }

    /** Copies {@code count} bytes from the start of the buffer to {@code host}. */
    void download(Pointer host, long count) {
        if (count > 0) cuMemcpyDtoH(host, pointer, count);
    }

    /** Sets every byte to {@code value}. */
    public void fill(int value) {
        cuMemsetD8(pointer, (byte) value, bytes);
    }

    /** Copies {@code count} bytes from {@code source} on the device. */
    public void copyFrom(DeviceBuffer source, long count) {
        cuMemcpyDtoD(pointer, source.pointer, count);
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            cuMemFree(pointer);
        }
    }
}

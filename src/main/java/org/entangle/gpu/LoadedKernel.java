package org.entangle.gpu;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import jcuda.CudaException;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;

/** A kernel from PTX loaded with {@code cuModuleLoadData}; unloaded by {@link #close()}. */
public final class LoadedKernel implements AutoCloseable {

    private final CUmodule module;
    private final CUfunction function;
    private final String entry;

    private LoadedKernel(CUmodule module, CUfunction function, String entry) {
        this.module = module;
        this.function = function;
        this.entry = entry;
    }

    static LoadedKernel load(String ptx, String entry) {
        CUmodule module = new CUmodule();
        try {
            cuModuleLoadData(module, ptx);
        } catch (CudaException e) {
            throw new GpuException("loading the PTX of " + entry + ": " + e.getMessage(), e);
        }
        try {
            CUfunction function = new CUfunction();
            cuModuleGetFunction(function, module, entry);
            // Prefer the largest shared-memory carveout of the unified L1: as many blocks stay resident as the
            // kernel's static shared memory allows (the device-wide form's occupancy hides its look-back latency).
            cuFuncSetAttribute(function, CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 100);
            return new LoadedKernel(module, function, entry);
        } catch (CudaException e) {
            cuModuleUnload(module);
            throw new GpuException("finding kernel " + entry + ": " + e.getMessage(), e);
        }
    }

    /**
     * Prefers the smallest shared-memory carveout that holds {@code residentBlocks} blocks of this kernel (its static
     * shared memory plus the per-block reservation), instead of the largest: the rest of the unified L1 stays cache,
     * where the data of loads in flight lands, so a kernel with many loads in flight keeps them (measured on an H200
     * for the compaction and merge patterns, README "GPU patterns").
     */
    public void fitCarveoutTo(int residentBlocks) {
        fitCarveoutTo(residentBlocks, 0);
    }

    /**
     * {@link #fitCarveoutTo(int)} for launches with {@code dynamicSharedBytes} of dynamic shared memory per block,
     * allowing the kernel that much (above the default 48 KiB when asked).
     */
    public void fitCarveoutTo(int residentBlocks, long dynamicSharedBytes) {
        try {
            if (dynamicSharedBytes > 0) {
                cuFuncSetAttribute(function, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int) dynamicSharedBytes);
            }
            int[] value = new int[1];
            cuFuncGetAttribute(value, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function);
            long perBlock = value[0] + dynamicSharedBytes;
            CUdevice device = new CUdevice();
            cuCtxGetDevice(device);
            cuDeviceGetAttribute(value, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, device);
            perBlock += value[0];
            cuDeviceGetAttribute(value, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, device);
            long percent = (100L * residentBlocks * perBlock + value[0] - 1) / value[0];
            cuFuncSetAttribute(function, CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, (int) Math.min(100, percent));
        } catch (CudaException e) {
            throw new GpuException("setting the shared-memory carveout of " + entry + ": " + e.getMessage(), e);
        }
    }

    /**
     * Launches on the default stream with {@code blocks} × {@code threads}; each argument is a
     * {@link DeviceBuffer}, a {@code Long} (passed as {@code long long}) or an {@code Integer} ({@code int}).
     */
    public void launch(long blocks, int threads, Object... arguments) {
        launch(blocks, threads, 0, arguments);
    }

    /** {@link #launch(long, int, Object...)} with {@code sharedBytes} of dynamic shared memory per block. */
    public void launch(long blocks, int threads, long sharedBytes, Object... arguments) {
        if (blocks == 0) return;
        if (blocks > Integer.MAX_VALUE) throw new GpuException(entry + ": " + blocks + " blocks exceed the grid limit", null);
        NativePointerObject[] params = new NativePointerObject[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            Object a = arguments[i];
            if (a instanceof DeviceBuffer b) params[i] = Pointer.to(b.pointer());
            else if (a instanceof Long l) params[i] = Pointer.to(new long[] {l});
            else if (a instanceof Integer v) params[i] = Pointer.to(new int[] {v});
            else throw new IllegalArgumentException("unsupported kernel argument " + a);
        }
        try {
            cuLaunchKernel(function, (int) blocks, 1, 1, threads, 1, 1, (int) sharedBytes, null, Pointer.to(params), null);
        } catch (CudaException e) {
            throw new GpuException("launching " + entry + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        cuModuleUnload(module);
    }
}

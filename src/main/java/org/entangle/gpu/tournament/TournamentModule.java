package org.entangle.gpu.tournament;

import static jcuda.driver.JCudaDriver.cuFuncGetAttribute;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.util.HashMap;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.GpuException;

/**
 * One module of many kernels (a whole tournament width in one PTX, JIT-compiled once by {@code cuModuleLoadData}),
 * each kernel taking {@code (const int* in, int* out, int reps)}; the registers each uses come from
 * {@code cuFuncGetAttribute}. Unloaded by {@link #close()}.
 */
final class TournamentModule implements AutoCloseable {

    private final CUmodule module;
    private final Map<String, CUfunction> functions = new HashMap<>();

    TournamentModule(String ptx) {
        module = new CUmodule();
        try {
            cuModuleLoadData(module, ptx);
        } catch (CudaException e) {
            throw new GpuException("loading the tournament's PTX: " + e.getMessage(), e);
        }
    }

    private CUfunction function(String entry) {
        return functions.computeIfAbsent(entry, name -> {
            CUfunction f = new CUfunction();
            try {
                cuModuleGetFunction(f, module, name);
            } catch (CudaException e) {
                throw new GpuException("finding kernel " + name + ": " + e.getMessage(), e);
            }
            return f;
        });
    }

    /** Registers per thread of {@code entry}. */
    int registers(String entry) {
        int[] value = new int[1];
        cuFuncGetAttribute(value, CUfunction_attribute.CU_FUNC_ATTRIBUTE_NUM_REGS, function(entry));
        return value[0];
    }

    /** Launches {@code entry} on {@code blocks} blocks of {@code threads}. */
    void launch(String entry, int blocks, int threads, DeviceBuffer in, DeviceBuffer out, int reps) {
        Pointer params = Pointer.to(Pointer.to(in.pointer()), Pointer.to(out.pointer()), Pointer.to(new int[] {reps}));
        try {
            cuLaunchKernel(function(entry), blocks, 1, 1, threads, 1, 1, 0, null, params, null);
        } catch (CudaException e) {
            throw new GpuException("launching " + entry + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        cuModuleUnload(module);
    }
}

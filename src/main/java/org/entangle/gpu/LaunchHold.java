package org.entangle.gpu;

import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import org.entangle.cuda.HarnessTiming;

/**
 * Holds the default stream while the host enqueues a timed run, so that CUDA events time the device's work and not
 * the host's launch calls through JCuda: a one-thread kernel waits on a flag in mapped pinned host memory (at most
 * {@link HarnessTiming#TIMEOUT_NANOS} ns), the run and its events are enqueued behind it, then the flag is set. The
 * "blocking kernel" of NVIDIA's nvbench; the library harnesses hold their stream the same way ({@link HarnessTiming}).
 * Needs the device's context current on the calling thread.
 */
final class LaunchHold implements AutoCloseable {

    /** The hold kernel of {@link HarnessTiming#MEDIAN_MS} in PTX (ISA 7.0, sm_70 and later: {@code nanosleep}, {@code %globaltimer}). */
    private static final String PTX = """
            .version 7.0
            .target sm_70
            .address_size 64
            .visible .entry entangle_hold(.param .u64 release, .param .u64 timeout_ns)
            {
                .reg .pred %p<3>;
                .reg .b32 %r<2>;
                .reg .b64 %rd<8>;
                ld.param.u64 %rd5, [release];
                ld.param.u64 %rd3, [timeout_ns];
                cvta.to.global.u64 %rd1, %rd5;
                mov.u64 %rd4, %globaltimer;
            WAIT:
                ld.volatile.global.u32 %r1, [%rd1];
                setp.ne.s32 %p1, %r1, 0;
                @%p1 bra DONE;
                nanosleep.u32 500;
                mov.u64 %rd6, %globaltimer;
                sub.s64 %rd7, %rd6, %rd4;
                setp.lt.u64 %p2, %rd7, %rd3;
                @%p2 bra WAIT;
            DONE:
                ret;
            }
            """;

    private final CUmodule module = new CUmodule();
    private final CUfunction kernel = new CUfunction();
    private final Pointer host = new Pointer();
    private final CUdeviceptr device = new CUdeviceptr();
    private final ByteBuffer flag;

    LaunchHold() {
        cuModuleLoadData(module, PTX);
        cuModuleGetFunction(kernel, module, "entangle_hold");
        cuMemHostAlloc(host, Integer.BYTES, JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP);
        cuMemHostGetDevicePointer(device, host, 0);
        flag = host.getByteBuffer(0, Integer.BYTES).order(ByteOrder.nativeOrder());
    }

    /** Enqueues the hold: the stream waits until {@link #release()} (or the timeout). */
    void hold() {
        flag.putInt(0, 0);
        cuLaunchKernel(kernel, 1, 1, 1, 1, 1, 1, 0, null,
                Pointer.to(Pointer.to(device), Pointer.to(new long[] {HarnessTiming.TIMEOUT_NANOS})), null);
    }

    /** Lets the held stream go on. */
    void release() {
        flag.putInt(0, 1);
    }

    @Override
    public void close() {
        cuMemFreeHost(host);
        cuModuleUnload(module);
    }
}

package org.entangle.gpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.HarnessTiming;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;

/**
 * Times NVIDIA CUB's {@code cub::DeviceScan} (Merrill &amp; Garland's decoupled look-back, shipped with the
 * CUDA toolkit) for comparison. CUB's device-wide scan is a C++ host API, so it cannot be called through the
 * driver API: this class generates a small CUDA program, compiles it once with nvcc into an executable (cached
 * like every nvcc output) and runs it as a subprocess. The program fills its input on the device, queries and
 * allocates CUB's temporary storage, warms up, and prints the median of CUDA-event timings of the scan.
 */
public final class CubHarness {

    private final Path executable;

    private CubHarness(Path executable) {
        this.executable = executable;
    }

    /** Compiles (or finds in the cache) the harness for a forward, unsegmented scan of {@code options}. */
    public static CubHarness compile(NvccCompiler nvcc, ScanOptions options, String arch) throws CudaCompileException {
        if (options.backward() || options.segmented()) {
            throw new IllegalArgumentException("the CUB comparison covers forward unsegmented scans only");
        }
        return fromSource(nvcc, source(options), arch);
    }

    /**
     * Compiles (or finds in the cache) any library harness: a CUDA program that takes {@code N RUNS WARMUPS} as
     * arguments, times the library call with CUDA events and prints {@code cub_ms <median>} (the GPU patterns
     * time {@code cub::DeviceReduce}, {@code DeviceSelect}, {@code DeviceRadixSort}, ... this way).
     */
    public static CubHarness fromSource(NvccCompiler nvcc, String source, String arch) throws CudaCompileException {
        return new CubHarness(nvcc.executable(source, arch));
    }

    /** Runs the harness on {@code n} elements and returns CUB's median time in milliseconds. */
    public double medianMillis(long n, int warmups, int runs) {
        try {
            Process p = new ProcessBuilder(List.of(executable.toString(), Long.toString(n), Integer.toString(runs),
                    Integer.toString(warmups))).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new GpuException("the CUB harness failed on " + n + " elements: " + text.strip(), null);
            }
            for (String line : text.split("\n")) {
                String[] parts = line.strip().split(" ");
                if (parts.length == 2 && parts[0].equals("cub_ms")) return Double.parseDouble(parts[1]);
            }
            throw new GpuException("the CUB harness printed no timing: " + text.strip(), null);
        } catch (IOException e) {
            throw new GpuException("cannot run the CUB harness: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GpuException("interrupted while the CUB harness was running", e);
        }
    }

    /** The operator's identity as a host-side C literal (the device intrinsics of the kernels are not callable there). */
    private static String hostIdentity(ScanOptions o) {
        if (!o.type().isFloating()) return o.operator().cIdentity(o.type());
        return o.operator() == ScanOperator.MAX ? "-INFINITY" : "INFINITY";
    }

    /** The harness's CUDA source for these options. */
    static String source(ScanOptions o) {
        String t = o.type().cType();
        String call;
        if (o.operator() == ScanOperator.ADD) {
            call = o.exclusive() ? "cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in, out, n)"
                    : "cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n)";
        } else {
            String functor = o.operator() == ScanOperator.MAX ? "cuda::maximum<>{}" : "cuda::minimum<>{}";
            call = o.exclusive()
                    ? "cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, " + functor + ", (T)(" + hostIdentity(o) + "), n)"
                    : "cub::DeviceScan::InclusiveScan(temp, temp_bytes, in, out, " + functor + ", n)";
        }
        return """
                // Entangle's CUB benchmark harness: %s
                #include <cub/cub.cuh>
                #include <cuda/functional>
                #include <algorithm>
                #include <cmath>
                #include <cstdio>
                #include <cstdlib>
                #include <vector>
                typedef %s T;
                #define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %%s at line %%d\\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
                __global__ void fill(T* p, long long n) {
                    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
                        p[i] = (T)((unsigned)((i * 2654435761ull) >> 13) & 1023u);
                }
                %s
                int main(int argc, char** argv) {
                    if (argc != 4) { printf("usage: harness N RUNS WARMUPS\\n"); return 2; }
                    const long long n = atoll(argv[1]);
                    const int runs = atoi(argv[2]);
                    const int warmups = atoi(argv[3]);
                    T* in; T* out; void* temp = nullptr; size_t temp_bytes = 0;
                    CHECK(cudaMalloc(&in, n * sizeof(T)));
                    CHECK(cudaMalloc(&out, n * sizeof(T)));
                    fill<<<1024, 256>>>(in, n);
                    CHECK(%s);
                    CHECK(cudaMalloc(&temp, temp_bytes));
                    cudaEvent_t a, b;
                    cudaEventCreate(&a); cudaEventCreate(&b);
                    float cub = median_ms([&] { %s; }, warmups, runs, a, b);
                    CHECK(cudaDeviceSynchronize());
                    printf("cub_ms %%.6f\\n", cub);
                    return 0;
                }
                """.formatted(o.label(), t, HarnessTiming.MEDIAN_MS, call, call);
    }
}

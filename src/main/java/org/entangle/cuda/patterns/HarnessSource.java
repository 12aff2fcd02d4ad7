package org.entangle.cuda.patterns;

import org.entangle.cuda.HarnessTiming;

/**
 * The CUDA host program that times a library counterpart of a pattern (CUB's {@code DeviceReduce},
 * {@code DeviceSelect}, {@code DeviceHistogram}, ...), in the form {@code org.entangle.gpu.CubHarness} runs:
 * arguments {@code N RUNS WARMUPS}; the input of N elements of {@code T} filled on the device from a hash of the
 * index; the library's temporary storage queried and allocated once; warm-up, then CUDA events around each call;
 * prints {@code cub_ms <median>}. Each timed call is enqueued behind a hold ({@link HarnessTiming}).
 */
public final class HarnessSource {

    private HarnessSource() {
    }

    /**
     * The program.
     *
     * @param title        what it times (a comment)
     * @param elementCType the C type of the input elements, {@code T}
     * @param fill         a C expression of {@code T} for element {@code i}, given {@code h}, a 32-bit hash of {@code i}
     * @param declarations C at file scope (functors, helpers)
     * @param setup        statements in {@code main} after the input {@code in} of {@code n} elements is filled
     * @param call         the library call, with {@code temp} and {@code temp_bytes} as its temporary storage
     */
    public static String program(String title, String elementCType, String fill, String declarations, String setup, String call) {
        return """
                // Entangle's library benchmark harness: %s
                #include <cub/cub.cuh>
                #include <cuda/functional>
                #include <algorithm>
                #include <cmath>
                #include <cstdio>
                #include <cstdlib>
                #include <vector>
                typedef %s T;
                #define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %%s at line %%d\\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
                __device__ __forceinline__ unsigned mix(unsigned long long i) {
                    i ^= i >> 33; i *= 0xff51afd7ed558ccdull; i ^= i >> 33; i *= 0xc4ceb9fe1a85ec53ull; i ^= i >> 33;
                    return (unsigned)i;
                }
                __global__ void fill(T* p, long long n) {
                    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
                        const unsigned h = mix((unsigned long long)i);
                        p[i] = %s;
                    }
                }
                %s
                %s
                int main(int argc, char** argv) {
                    if (argc != 4) { printf("usage: harness N RUNS WARMUPS\\n"); return 2; }
                    const long long n = atoll(argv[1]);
                    const int runs = atoi(argv[2]);
                    const int warmups = atoi(argv[3]);
                    T* in;
                    void* temp = nullptr;
                    size_t temp_bytes = 0;
                    CHECK(cudaMalloc(&in, (n > 0 ? n : 1) * sizeof(T)));
                    fill<<<1024, 256>>>(in, n);
                    %s
                    CHECK(%s);
                    CHECK(cudaMalloc(&temp, temp_bytes > 0 ? temp_bytes : 1));
                    cudaEvent_t a, b;
                    cudaEventCreate(&a); cudaEventCreate(&b);
                    float ms = median_ms([&] { %s; }, warmups, runs, a, b);
                    CHECK(cudaDeviceSynchronize());
                    printf("cub_ms %%.6f\\n", ms);
                    return 0;
                }
                """.formatted(title, elementCType, fill, declarations, HarnessTiming.MEDIAN_MS, setup, call, call);
    }
}

package org.entangle.cuda.patterns;

import org.entangle.cuda.HarnessTiming;

/**
 * The host program around one library call that {@code CubHarness.fromSource} runs for the radix sort, merge
 * and segmented-scan patterns: it reads {@code N RUNS WARMUPS}, runs the pattern's setup (device buffers filled
 * by a hash kernel, the temporary storage queried and allocated), warms up, times the call with CUDA events and
 * prints {@code cub_ms <median>}.
 */
final class SortingHarnessTemplate {

    private SortingHarnessTemplate() {
    }

    /**
     * @param what    a comment naming the call
     * @param kernels further device code the setup uses (may be empty)
     * @param setup   C++ statements run once (may use {@code n}, {@code fill_hash} and the {@code CHECK} macro;
     *                must set {@code temp_bytes} by calling the library with {@code temp == nullptr})
     * @param call    the timed library call, an expression returning {@code cudaError_t} that uses {@code temp}
     */
    static String program(String what, String kernels, String setup, String call) {
        return """
                // Entangle's library benchmark harness: %s
                #include <cub/cub.cuh>
                #include <algorithm>
                #include <cstdio>
                #include <cstdlib>
                #include <vector>
                #define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %%s at line %%d\\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
                // Pseudo-random 32-bit words (a multiplicative hash of the index and a salt).
                __global__ void fill_hash(unsigned* p, long long n, unsigned salt) {
                    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
                        unsigned long long h = (unsigned long long)(i + 1) * 0x9E3779B97F4A7C15ull ^ salt;
                        h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 32;
                        p[i] = (unsigned)h;
                    }
                }
                %s
                %s
                int main(int argc, char** argv) {
                    if (argc != 4) { printf("usage: harness N RUNS WARMUPS\\n"); return 2; }
                    const long long n = atoll(argv[1]);
                    const int runs = atoi(argv[2]);
                    const int warmups = atoi(argv[3]);
                    void* temp = nullptr; size_t temp_bytes = 0;
                    %s
                    CHECK(cudaDeviceSynchronize());
                    CHECK(cudaMalloc(&temp, temp_bytes > 0 ? temp_bytes : 1));
                    cudaEvent_t ev_start, ev_stop;
                    cudaEventCreate(&ev_start); cudaEventCreate(&ev_stop);
                    float ms = median_ms([&] { %s; }, warmups, runs, ev_start, ev_stop);
                    CHECK(cudaDeviceSynchronize());
                    printf("cub_ms %%.6f\\n", ms);
                    return 0;
                }
                """.formatted(what, kernels, HarnessTiming.MEDIAN_MS, setup, call);
    }
}

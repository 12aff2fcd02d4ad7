package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library harnesses' timing (the hold kernel and {@code median_ms}) compiles as CUDA C++ where nvcc is found;
 * skipped, with the reason, elsewhere. Timing itself runs on a GPU, with the harnesses.
 */
@Tag("slow")
class HarnessTimingTest {

    @Test
    void theHoldAndTheMedianCompileIntoAHostProgram(@TempDir Path cache) throws Exception {
        NvccCompiler nvcc = NvccCompiler.find().orElse(null);
        Assumptions.assumeTrue(nvcc != null, "nvcc not found: the harness timing is compiled where the CUDA toolkit is");
        String program = """
                #include <algorithm>
                #include <cstdio>
                #include <vector>
                %s
                __global__ void work(int* p) { p[threadIdx.x] += 1; }
                int main() {
                    int* p;
                    if (cudaMalloc(&p, 32 * sizeof(int)) != cudaSuccess) { printf("no device\\n"); return 2; }
                    cudaEvent_t a, b;
                    cudaEventCreate(&a); cudaEventCreate(&b);
                    printf("median_ms %%.6f\\n", median_ms([&] { work<<<1, 32>>>(p); }, 3, 21, a, b));
                    return 0;
                }
                """.formatted(HarnessTiming.MEDIAN_MS);
        Path executable = nvcc.withCacheDir(cache).executable(program, "sm_90");
        assertTrue(Files.isExecutable(executable), executable.toString());
    }
}

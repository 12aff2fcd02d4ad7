package org.entangle.cuda;

/**
 * How the library harnesses time a call, in CUDA C++: the default stream is first held by a one-thread kernel that
 * waits on a flag in mapped pinned host memory (at most {@value #TIMEOUT_NANOS} ns); the start event, the call and
 * the stop event are enqueued behind it, and then the flag is set, so the events time the device's work and not the
 * host's launch calls (the "blocking kernel" of NVIDIA's nvbench). The project's own kernels are timed the same way
 * ({@code org.entangle.gpu.EventTimer}), so both sides of a comparison are measured alike. Defines
 * {@code median_ms(f, warmups, runs, start, stop)}: the median of {@code runs} timed calls after {@code warmups}.
 */
public final class HarnessTiming {

    /** The longest a hold waits for its flag (a run that synchronises with the host inside goes on after it). */
    public static final long TIMEOUT_NANOS = 100_000_000L;

    /** The hold kernel and {@code median_ms}, to be pasted at file scope after the includes. */
    public static final String MEDIAN_MS = """
            __global__ void entangle_hold(const volatile int* release, unsigned long long timeout_ns) {
                unsigned long long start, now;
                asm volatile("mov.u64 %%0, %%%%globaltimer;" : "=l"(start));
                do {
                    if (*release != 0) return;
                    __nanosleep(500);
                    asm volatile("mov.u64 %%0, %%%%globaltimer;" : "=l"(now));
                } while (now - start < timeout_ns);
            }
            template <class F> float median_ms(F f, int warmups, int runs, cudaEvent_t a, cudaEvent_t b) {
                for (int i = 0; i < warmups; ++i) f();
                volatile int* release = nullptr;
                int* release_on_device = nullptr;
                cudaHostAlloc((void**)&release, sizeof(int), cudaHostAllocMapped);
                cudaHostGetDevicePointer((void**)&release_on_device, (void*)release, 0);
                std::vector<float> t(runs);
                for (int i = 0; i < runs; ++i) {
                    *release = 0;
                    entangle_hold<<<1, 1>>>(release_on_device, %dull);
                    cudaEventRecord(a); f(); cudaEventRecord(b);
                    *release = 1;
                    cudaEventSynchronize(b);
                    cudaEventElapsedTime(&t[i], a, b);
                }
                cudaFreeHost((void*)release);
                std::sort(t.begin(), t.end());
                return runs %% 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
            }
            """.formatted(TIMEOUT_NANOS);

    private HarnessTiming() {
    }
}

package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/**
 * A block's contiguous range of 16-byte vectors streamed through shared memory by the Tensor Memory Accelerator's
 * one-dimensional bulk copies ({@code cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes}, PTX ISA
 * "Data movement: bulk copy", sm_90), the way CUB's {@code DeviceTransform} streams its inputs on sm_90 and later
 * (its {@code ublkcp} algorithm, tuned for at least 48 KiB in flight a multiprocessor on an H200): a ring of
 * {@code STAGES} stages of {@link #STAGE_BYTES} bytes, each with an mbarrier that the copy's byte count completes. One thread issues the copies; every thread waits on a stage's
 * barrier, hands its vectors of the stage (vector k to thread k mod THREADS) to the consumer, and after a block
 * barrier the stage is refilled with the range's stage STAGES ahead. The bytes in flight are not staged in registers
 * or L1 but land in shared memory, so more of them fit per multiprocessor than with register loads (Volkov 2010,
 * Little's law: the bytes in flight are what keeps device memory busy).
 *
 * <p>Requires a 16-byte-aligned source (the callers pass their 512-byte-aligned rows) and a block whose static shared
 * memory, stages included, stays within 48 KiB.
 */
final class BulkCopyRing {

    /** Bytes per stage: one bulk copy. */
    static final int STAGE_BYTES = 8 * 1024;
    /** The most stages option {@code bulk=} takes (32 KiB of shared memory a block). */
    static final int MAX_STAGES = 4;

    private BulkCopyRing() {
    }

    /**
     * {@code stream_bulk(const Vec* src, long long count, F consume)}: calls {@code consume(const Vec&)} for the
     * vectors {@code src[k]}, {@code k < count}, that fall to this thread; every thread of the block must call it.
     */
    static void emit(CodeBuilder c, int stages) {
        c.line("// A block's range through a ring of STAGES shared-memory stages filled by bulk copies (TMA), one mbarrier each.");
        c.line("constexpr int STAGES = " + stages + ";");
        c.line("constexpr int STAGE_VECS = " + STAGE_BYTES / 16 + ";");
        c.lines("""
                __device__ __forceinline__ unsigned shared_address(const void* p) {
                return (unsigned)__cvta_generic_to_shared(p);
                }
                __device__ __forceinline__ void wait_stage(unsigned long long* barrier, unsigned parity) {
                unsigned done;
                do {
                asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                : "=r"(done) : "r"(shared_address(barrier)), "r"(parity) : "memory");
                } while (!done);
                }
                __device__ __forceinline__ void fill_stage(Vec* stage, unsigned long long* barrier, const Vec* src, unsigned bytes) {
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(shared_address(barrier)), "r"(bytes) : "memory");
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                :: "r"(shared_address(stage)), "l"(src), "r"(bytes), "r"(shared_address(barrier)) : "memory");
                }
                template <class F>
                __device__ __forceinline__ void stream_bulk(const Vec* __restrict__ src, long long count, F consume) {
                __shared__ __align__(128) Vec stage[STAGES][STAGE_VECS];
                __shared__ __align__(8) unsigned long long full[STAGES];
                const long long stages = (count + STAGE_VECS - 1) / STAGE_VECS;
                if (threadIdx.x == 0) {
                #pragma unroll
                for (int s = 0; s < STAGES; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(shared_address(full + s)) : "memory");
                asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
                for (int s = 0; s < STAGES && s < stages; ++s) {
                fill_stage(stage[s], full + s, src + (long long)s * STAGE_VECS, (unsigned)(min((long long)STAGE_VECS, count - (long long)s * STAGE_VECS) * 16));
                }
                }
                __syncthreads();
                for (long long i = 0; i < stages; ++i) {
                const int s = (int)(i % STAGES);
                wait_stage(full + s, (unsigned)((i / STAGES) & 1));
                const long long first = i * STAGE_VECS;
                const int here = (int)min((long long)STAGE_VECS, count - first);
                if (here == STAGE_VECS && STAGE_VECS % THREADS == 0) {
                #pragma unroll
                for (int j = 0; j < STAGE_VECS / THREADS; ++j) consume(stage[s][j * THREADS + threadIdx.x]);
                } else {
                for (int k = threadIdx.x; k < here; k += THREADS) consume(stage[s][k]);
                }
                __syncthreads();
                const long long next = i + STAGES;
                if (threadIdx.x == 0 && next < stages) {
                fill_stage(stage[s], full + s, src + next * STAGE_VECS, (unsigned)(min((long long)STAGE_VECS, count - next * STAGE_VECS) * 16));
                }
                }
                }
                """);
    }
}

package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/**
 * The CUDA of the onesweep pass's warp matching for each {@link RadixRanking}: the lanes of a warp whose key has the
 * same digit as this lane's (CUB's {@code BlockRadixRankMatchEarlyCounts}, Adinets &amp; Merrill 2022). The pass
 * emitted by {@link RadixSortKernels} calls these at fixed places: the helper (or storage) before the tile's code,
 * the storage's zeroing, the peers of a key, and the release after the key's slot is taken.
 */
final class RadixRankKernels {

    private RadixRankKernels() {
    }

    /** The device helper {@code same_digit_lanes(d)}, or for atomic-or the masks in the launch's dynamic shared memory. */
    static void emitPeers(CodeBuilder c, RadixRanking ranking) {
        switch (ranking) {
            case BALLOT -> c.lines("""
                    // The lanes of the warp whose d has the same low 8 bits as this lane's: per bit, the ballot of the lanes
                    // with it set, complemented where this lane's bit is clear (five instructions a bit).
                    __device__ __forceinline__ unsigned same_digit_lanes(unsigned d) {
                    unsigned lanes = FULL_MASK;
                    #pragma unroll
                    for (int b = 0; b < 8; ++b) {
                    unsigned agree;
                    asm("{ .reg .pred p; and.b32 %0, %1, %2; setp.ne.u32 p, %0, 0; vote.ballot.sync.b32 %0, p, 0xffffffff; @!p not.b32 %0, %0; }"
                    : "=r"(agree) : "r"(d), "r"(1u << b));
                    lanes &= agree;
                    }
                    return lanes;
                    }
                    """);
            case MATCH -> c.lines("""
                    // The lanes of the warp whose digit d equals this lane's: the hardware's match (one instruction to issue).
                    __device__ __forceinline__ unsigned same_digit_lanes(unsigned d) { return __match_any_sync(FULL_MASK, d); }
                    """);
            case ATOMIC_OR -> c.lines("""
                    // Per warp and digit, the lanes ranking a key of the digit (0 between keys): the launch's dynamic shared
                    // memory, WARPS * RADIX words.
                    extern __shared__ unsigned match_masks[];
                    """);
        }
    }

    /** Zeroes the ranking's storage with the warp counters, before the tile's first barrier. */
    static void emitZero(CodeBuilder c, RadixRanking ranking) {
        if (ranking == RadixRanking.ATOMIC_OR) {
            c.line("for (int i = threadIdx.x; i < WARPS * RADIX; i += THREADS) match_masks[i] = 0u;");
        }
    }

    /** Declares {@code peers}, the lanes whose key j has the digit {@code d} of this lane's key j. */
    static void emitPeersOfKey(CodeBuilder c, RadixRanking ranking) {
        if (ranking != RadixRanking.ATOMIC_OR) {
            c.line("const unsigned peers = same_digit_lanes(d);");
            return;
        }
        c.lines("""
                unsigned* const match = match_masks + warp * RADIX + d;
                atomicOr(match, 1u << lane);   // every lane marks its digit's word
                __syncwarp();
                const unsigned peers = *match;
                """);
    }

    /** After the slots are taken (the shuffle has synchronised the warp): the claiming lane clears its digit's word. */
    static void emitRelease(CodeBuilder c, RadixRanking ranking) {
        if (ranking == RadixRanking.ATOMIC_OR) {
            c.line("if (lane == leader) *match = 0u;");
            c.line("__syncwarp();");
        }
    }
}

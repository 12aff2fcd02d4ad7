package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;
import org.entangle.network.Network;

/**
 * The kernels of one {@link RadixSortSource.Config} (see there for the algorithm): the common definitions, the
 * counting kernels of {@link RadixCountKernels} and the onesweep pass, whose ranking follows CUB's
 * {@code BlockRadixRankMatchEarlyCounts} (warp counts first, then the warp matching of {@link RadixRanking}, emitted by
 * {@link RadixRankKernels}).
 */
final class RadixSortKernels {

    private RadixSortKernels() {
    }

    static String unit(Network network, boolean exclusiveNetwork, RadixSortSource.Config cfg, RadixSortSource.Geometry g, int lookBack,
            RadixRanking ranking, RadixWarpCounters counters) {
        int lanes = Math.min(network.width(), RadixSortSource.RADIX);
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        BlockNetworkScan.emit(c, network, g.threads(), exclusiveNetwork);
        c.line("constexpr int THREADS = " + g.threads() + ";");
        c.line("constexpr int ITEMS = " + g.items() + ";              // keys per thread");
        c.line("constexpr int MIN_BLOCKS = " + g.minBlocks() + ";          // resident blocks per multiprocessor (caps the registers)");
        c.line("constexpr int TILE_KEYS = THREADS * ITEMS;");
        c.line("constexpr int LOOK_BACK = " + lookBack + ";          // tile status words the look-back reads per round");
        c.line("constexpr int WARPS = THREADS / 32;");
        c.line("constexpr int RADIX = " + RadixSortSource.RADIX + ";");
        c.line("constexpr int PASSES = " + RadixSortSource.PASSES + ";");
        c.line("// The sort's scratch, zeroed before it: histograms[PASSES][RADIX], then bits_seen[2], tile_counters[PASSES], status.");
        c.line("constexpr int BITS_AT = " + RadixSortSource.BITS_AT + ";");
        c.line("constexpr int COUNTERS_AT = " + RadixSortSource.COUNTERS_AT + ";");
        c.line("constexpr int STATUS_AT = " + RadixSortSource.SCRATCH_HEADER_WORDS + ";");
        c.line("constexpr int HISTOGRAM_THREADS = " + RadixSortSource.HISTOGRAM_THREADS + ";");
        c.line("constexpr int DIGITS_PER_LANE = " + RadixSortSource.RADIX / lanes + ";  // digits each network lane totals");
        c.line("// The key's bits mapped to an unsigned integer of the same order (" + cfg.key().token() + "), and back.");
        c.line("__device__ __forceinline__ unsigned flip(unsigned u) { return " + cfg.key().cFlip() + "; }");
        c.line("__device__ __forceinline__ unsigned unflip(unsigned u) { return " + cfg.key().cUnflip() + "; }");
        c.lines("""
                constexpr unsigned PAD_KEY = 0xffffffffu;  // flipped bits that sort last: digit 255 in every pass
                // Digits of flipped bits (the passes move keys flipped; the first flips them, the last flips them back).
                __device__ __forceinline__ unsigned digit_of(unsigned bits, int shift) { return (bits >> shift) & (RADIX - 1); }
                // The same digit, computed afresh where it is used (volatile: not kept live in a register since an earlier use).
                __device__ __forceinline__ unsigned digit_again(unsigned bits, int shift) {
                unsigned d;
                asm volatile("bfe.u32 %0, %1, %2, 8;" : "=r"(d) : "r"(bits), "r"(shift));
                return d;
                }
                // Replaces totals[0..RADIX) in shared memory by their exclusive prefix sums, the network scanning across the
                // block: lane t adds up digits [t * DIGITS_PER_LANE, ...). Every thread calls it, after a barrier.
                __device__ __forceinline__ void scan_digits(unsigned* totals) {
                const int first = threadIdx.x * DIGITS_PER_LANE;
                unsigned owned = 0u;
                if (first < RADIX) {
                #pragma unroll
                for (int k = 0; k < DIGITS_PER_LANE; ++k) owned += totals[first + k];
                }
                unsigned running = (unsigned)block_scan((int)owned) - owned;   // the network across the block
                if (first < RADIX) {
                #pragma unroll
                for (int k = 0; k < DIGITS_PER_LANE; ++k) {
                const unsigned total = totals[first + k];
                totals[first + k] = running;
                running += total;
                }
                }
                }
                """);
        RadixCountKernels.emit(c, cfg);
        c.blank();
        emitPass(c, cfg, ranking, counters);
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }

    private static void emitPass(CodeBuilder c, RadixSortSource.Config cfg, RadixRanking ranking, RadixWarpCounters counters) {
        boolean pairs = cfg.pairs();
        String valueParams = pairs ? "const unsigned* __restrict__ values_in, unsigned* __restrict__ values_out, " : "";
        c.lines("""
                // Tile status for the look-back, one word per (tile, digit): 0 not yet published, else a flag and a 30-bit count.
                constexpr unsigned FLAG_PARTIAL = 1u << 30;   // the tile's own count of the digit
                constexpr unsigned FLAG_GLOBAL = 2u << 30;    // the count in this tile and all before it
                constexpr unsigned COUNT_MASK = FLAG_PARTIAL - 1u;
                """);
        RadixRankKernels.emitPeers(c, ranking);
        c.lines(counters.fill("""
                // Keys of digit d in the tiles before `tile` (thread d, once every tile before has published its count). Each
                // round reads the words of the next LOOK_BACK tiles back at once (independent loads, one memory latency) and
                // adds them in order up to the first inclusive count; it reads again from the first word not yet published.
                __device__ __forceinline__ unsigned look_back(const unsigned* status, long long tile, int d) {
                unsigned sum = 0u;
                long long t = tile - 1;
                for (;;) {
                unsigned words[LOOK_BACK];
                #pragma unroll
                for (int k = 0; k < LOOK_BACK; ++k) words[k] = t - k >= 0 ? ((volatile const unsigned*)status)[(t - k) * RADIX + d] : FLAG_GLOBAL;
                #pragma unroll
                for (int k = 0; k < LOOK_BACK; ++k) {
                if (words[k] == 0u) break;
                sum += words[k] & COUNT_MASK;
                if (words[k] & FLAG_GLOBAL) return sum;
                --t;
                }
                }
                }
                struct PassShared {
                unsigned staged[TILE_KEYS];                 // the tile in digit order (keys, then values)
                @ROW@
                unsigned digit_start[RADIX];                // the tile's exclusive digit prefix
                unsigned digit_out[RADIX];                  // output position of the tile's first key of a digit, minus its start
                long long tile;
                };
                @COUNTER_DOC@
                __device__ __forceinline__ @COUNTER@* counter(PassShared& s, int w, unsigned d) { return (@COUNTER@*)s.warp_counts[w] + d; }

                // One tile (FULL: all TILE_KEYS keys present; else `valid`, the rest padded with PAD_KEY, which sorts last);
                // FLIP_IN: the first pass that runs, whose keys come unflipped; FLIP_OUT: the last, which stores them unflipped.
                // Both are template arguments, so the passes between run the same straight-line code for every key type.
                template <bool FULL, bool FLIP_IN, bool FLIP_OUT>
                """));
        c.line("__device__ __forceinline__ void sort_tile(PassShared& s, const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, "
                + valueParams + "const unsigned* __restrict__ bin_starts, unsigned* __restrict__ status, int shift, long long tile, int valid) {");
        c.lines(counters.fill("""
                const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
                const long long base = tile * TILE_KEYS;
                const int warp_base = warp * 32 * ITEMS;   // each warp: 32 x ITEMS consecutive keys, in order (j, lane)
                unsigned keys[ITEMS];
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                const int p = warp_base + j * 32 + lane;
                if (FULL || p < valid) {
                const unsigned bits = __ldg(keys_in + base + p);
                keys[j] = FLIP_IN ? flip(bits) : bits;
                } else {
                keys[j] = PAD_KEY;
                }
                }
                for (int i = threadIdx.x; i < @WORDS@; i += THREADS) (&s.warp_counts[0][0])[i] = 0u;
                """));
        RadixRankKernels.emitZero(c, ranking);
        c.lines(counters.fill("""
                __syncthreads();
                // 1. Each warp counts its digits.
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                const unsigned d = digit_of(keys[j], shift);
                @COUNT_KEY@
                }
                __syncthreads();
                // 2. Thread d: the warps' counts of digit d become exclusive prefixes; the tile's count is published. The
                //    digit's first output position is fetched now, its latency hidden behind the counts.
                unsigned total = 0u;
                if (threadIdx.x < RADIX) {
                const int d = threadIdx.x;
                const unsigned bin_start = __ldg(bin_starts + d);
                #pragma unroll
                for (int w = 0; w < WARPS; ++w) {
                @COUNTER@* k = counter(s, w, d);
                const unsigned count = *k;
                *k = (@COUNTER@)total;
                total += count;
                }
                if (!FULL && d == RADIX - 1) total -= TILE_KEYS - valid;   // the pads are not published
                ((volatile unsigned*)status)[tile * RADIX + d] = (tile == 0 ? FLAG_GLOBAL : FLAG_PARTIAL) | total;
                s.digit_start[d] = total;
                s.digit_out[d] = bin_start;
                }
                __syncthreads();
                // 3. The network scans the tile's digit totals; thread d adds its digit's start to the warps' prefixes.
                scan_digits(s.digit_start);
                __syncthreads();
                unsigned start = 0u;
                if (threadIdx.x < RADIX) {
                start = s.digit_start[threadIdx.x];
                #pragma unroll
                for (int w = 0; w < WARPS; ++w) *counter(s, w, threadIdx.x) += (@COUNTER@)start;
                }
                __syncthreads();
                // 4. Ranks: the lanes with a key's digit, in lane order, take the next slots of their warp's counter; the
                //    highest of them claims them all. Keys go to their slot in shared memory.
                const unsigned lanes_below = (1u << lane) - 1u;
                """));
        if (pairs) c.line("unsigned slots[ITEMS];  // each key's slot (for its value)");
        c.lines("""
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                const unsigned d = digit_again(keys[j], shift);
                """);
        RadixRankKernels.emitPeersOfKey(c, ranking);
        c.lines(counters.fill("""
                const int leader = 31 - __clz(peers);   // the highest of them
                @CLAIM@
                const unsigned slot = __shfl_sync(FULL_MASK, first, leader) + __popc(peers & lanes_below);
                s.staged[slot] = keys[j];
                """));
        if (pairs) c.line("slots[j] = slot;");
        RadixRankKernels.emitRelease(c, ranking);
        c.lines("""
                }
                // 5. Thread d: keys of digit d in the tiles before (look-back), the tile's running count published.
                if (threadIdx.x < RADIX) {
                const int d = threadIdx.x;
                const unsigned before = tile == 0 ? 0u : look_back(status, tile, d);
                if (tile != 0) ((volatile unsigned*)status)[tile * RADIX + d] = FLAG_GLOBAL | (before + total);
                s.digit_out[d] += before - start;
                }
                __syncthreads();
                // 6. Slot i of the tile goes to digit_out[its digit] + i: runs of equal digits, coalesced.
                """);
        if (pairs) c.line("unsigned digits[(ITEMS + 3) / 4];  // each slot's digit, four a word");
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = k * THREADS + threadIdx.x;
                if (FULL || i < valid) {
                const unsigned key = s.staged[i];
                const unsigned d = digit_of(key, shift);
                keys_out[s.digit_out[d] + i] = FLIP_OUT ? unflip(key) : key;
                """);
        if (pairs) c.line("digits[k / 4] = k % 4 == 0 ? d : digits[k / 4] | d << (8 * (k % 4));");
        c.line("}");
        c.line("}");
        if (pairs) {
            c.lines("""
                    unsigned values[ITEMS];
                    #pragma unroll
                    for (int j = 0; j < ITEMS; ++j) {
                    const int p = warp_base + j * 32 + lane;
                    values[j] = FULL || p < valid ? __ldg(values_in + base + p) : 0u;
                    }
                    __syncthreads();
                    #pragma unroll
                    for (int j = 0; j < ITEMS; ++j) s.staged[slots[j]] = values[j];
                    __syncthreads();
                    #pragma unroll
                    for (int k = 0; k < ITEMS; ++k) {
                    const int i = k * THREADS + threadIdx.x;
                    if (FULL || i < valid) values_out[s.digit_out[digits[k / 4] >> (8 * (k % 4)) & 255u] + i] = s.staged[i];
                    }
                    """);
        }
        c.line("}");
        c.blank();
        c.lines("""
                // One LSD pass on digit shift / 8, decided on the device from the histogram's varying bits: a pass whose digit
                // is the same in every key returns at once; the passes that run read the input, then alternate keys_a ->
                // keys_b -> keys_a -> keys_b; when no pass runs the last launch copies the input to keys_a. Blocks take
                // tiles in the order they start (a counter per pass), so every tile a block waits for in the look-back
                // belongs to a block already running.
                """);
        String triple = pairs ? "const unsigned* __restrict__ values_in, unsigned* __restrict__ values_a, unsigned* __restrict__ values_b, " : "";
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, MIN_BLOCKS) " + cfg.onesweepEntry()
                + "(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_a, unsigned* __restrict__ keys_b, " + triple
                + "const unsigned* __restrict__ bin_starts, unsigned* __restrict__ scratch, long long n, long long shift_ll) {");
        c.lines("""
                __shared__ PassShared s;
                const int shift = (int)shift_ll;
                const int pass = shift / 8;
                const unsigned varying = scratch[BITS_AT] & scratch[BITS_AT + 1];
                if (varying == 0u) {
                if (pass == PASSES - 1) {
                for (long long i = (long long)blockIdx.x * THREADS + threadIdx.x; i < n; i += (long long)gridDim.x * THREADS) {
                keys_a[i] = keys_in[i];
                """);
        if (pairs) c.line("values_a[i] = values_in[i];");
        c.lines("""
                }
                }
                return;
                }
                if ((varying >> shift & (RADIX - 1)) == 0u) return;
                int before = 0, after = 0;   // passes that run before and after this one
                #pragma unroll
                for (int q = 0; q < PASSES; ++q) {
                const bool runs = (varying >> (8 * q) & (RADIX - 1)) != 0u;
                before += runs && q < pass;
                after += runs && q > pass;
                }
                const unsigned* src = before == 0 ? keys_in : (before & 1) ? keys_a : keys_b;
                unsigned* dst = (before & 1) ? keys_b : keys_a;
                """);
        if (pairs) {
            c.line("const unsigned* value_src = before == 0 ? values_in : (before & 1) ? values_a : values_b;");
            c.line("unsigned* value_dst = (before & 1) ? values_b : values_a;");
        }
        c.lines("""
                const long long tiles = (n + TILE_KEYS - 1) / TILE_KEYS;
                if (threadIdx.x == 0) s.tile = atomicAdd(scratch + COUNTERS_AT + pass, 1u);
                __syncthreads();
                const long long tile = s.tile;
                const long long rest = n - tile * TILE_KEYS;
                """);
        String args = "s, src, dst, " + (pairs ? "value_src, value_dst, " : "")
                + "bin_starts + pass * RADIX, scratch + STATUS_AT + pass * tiles * RADIX, shift, tile, ";
        if (cfg.key() != RadixKey.UINT32) c.line("const bool first = before == 0, last = after == 0;");
        c.line("if (rest >= TILE_KEYS) {");
        emitRoles(c, cfg, "true", args + "TILE_KEYS");
        c.line("} else {");
        emitRoles(c, cfg, "false", args + "(int)rest");
        c.line("}");
        c.line("}");
    }

    /** The tile's call in the pass's role: whether it flips the keys it loads (first) and unflips those it stores (last). */
    private static void emitRoles(CodeBuilder c, RadixSortSource.Config cfg, String full, String args) {
        if (cfg.key() == RadixKey.UINT32) {
            c.line("sort_tile<" + full + ", false, false>(" + args + ");");
            return;
        }
        c.line("if (first && last) sort_tile<" + full + ", true, true>(" + args + ");");
        c.line("else if (first) sort_tile<" + full + ", true, false>(" + args + ");");
        c.line("else if (last) sort_tile<" + full + ", false, true>(" + args + ");");
        c.line("else sort_tile<" + full + ", false, false>(" + args + ");");
    }
}

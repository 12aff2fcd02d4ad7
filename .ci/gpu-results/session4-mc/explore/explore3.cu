// Issue 9, compaction and merge speed, third pass (call 3): the final generated kernels (compact_final.cu,
// merge_final.cu from `pattern compact|merge --family sklansky --n 256 --emit` on branch mc) under three shared-memory
// carveouts (driver default, fitted to the resident blocks as the Java runner now sets it, 100 % as before), the
// breakdown variants that leave a stage out, CUB and memcpy.
//   build.sh (emits the two files, then nvcc); ./explore3 bench
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>
#include "compact_final.cu"
#include "merge_final.cu"

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(3); } } while (0)

// ------------------------------------------------------------------------------------------------------------
// Compaction candidates. The network (Sklansky 256) still scans the per-thread counts: compact_int32::block_scan.
namespace cv {
using compact_int32::block_scan;
using compact_int32::publish;
constexpr unsigned long long ST_INVALID = 0;

// compact_int32::look_back with the back-off as a parameter (SLEEP ns; 0: spin).
template <int SLEEP>
__device__ unsigned look_back(const unsigned long long* words, long long tile) {
    const int lane = threadIdx.x & 31;
    unsigned exclusive = 0;
    long long window = tile - 1;
    for (;;) {
        const long long p = window - lane;
        unsigned long long s;
        unsigned value;
        for (;;) {
            if (p >= 0) {
                const unsigned long long word = ((const volatile unsigned long long*)words)[p];
                s = word >> 62;
                value = (unsigned)word;
            } else {
                s = 2;
                value = 0;
            }
            const unsigned prefix_seen = __ballot_sync(FULL_MASK, s == 2);
            const unsigned needed = prefix_seen ? ((prefix_seen & (0u - prefix_seen)) << 1) - 1u : FULL_MASK;
            if (!(__ballot_sync(FULL_MASK, s == ST_INVALID) & needed)) break;
            if (SLEEP > 0) __nanosleep(SLEEP);
        }
        const unsigned prefix_lanes = __ballot_sync(FULL_MASK, s == 2);
        const int last = prefix_lanes ? __ffs(prefix_lanes) - 1 : 31;
        if (lane > last) value = 0;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) value += __shfl_xor_sync(FULL_MASK, value, d);
        exclusive += value;
        if (prefix_lanes) break;
        window -= 32;
    }
    return exclusive;
}
constexpr unsigned long long ST_AGG = 1, ST_PRE = 2;
__device__ __forceinline__ int pad(int i) { return i + (i >> 5); }

// Warp-striped 16-byte loads transposed through the single shared array (as the generated kernel), with stages left out:
template <int ITEMS, bool FLAGS, int MODE, int MINB, int SLEEP = 200>
__global__ void __launch_bounds__(256, MINB) compact(const int* __restrict__ in, const unsigned char* __restrict__ flags, int threshold,
                                                     int* __restrict__ out, unsigned long long* __restrict__ count, long long n,
                                                     unsigned long long* __restrict__ scratch) {
    constexpr int THREADS = 256, TILE = THREADS * ITEMS, WARP_ITEMS = 32 * ITEMS;
    __shared__ int buf[TILE + TILE / 32];
    __shared__ unsigned tile_prefix;
    __shared__ int tile_count;
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    const long long tile = blockIdx.x, base = tile * TILE;
    const bool full = base + TILE <= n;
    const int mine = t * ITEMS;
    unsigned keep = 0;
    if (FLAGS) {
        if (full && ((size_t)flags & 15) == 0 && ITEMS % 16 == 0) {
            const uint4* f = (const uint4*)(flags + base + mine);
#pragma unroll
            for (int q = 0; q < ITEMS / 16; ++q) {
                const uint4 w = f[q];
                const unsigned ws[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
                for (int j = 0; j < 4; ++j)
#pragma unroll
                    for (int b = 0; b < 4; ++b) keep |= ((ws[j] >> (8 * b)) & 0xffu) ? 1u << (16 * q + 4 * j + b) : 0u;
            }
        } else {
#pragma unroll
            for (int k = 0; k < ITEMS; ++k) keep |= (base + mine + k < n && flags[base + mine + k]) ? 1u << k : 0u;
        }
    }
    int v[ITEMS];
    if (full && ((size_t)in & 15) == 0) {
        const int4* src = (const int4*)(in + base + warp * WARP_ITEMS);
        int4 x[ITEMS / 4];
#pragma unroll
        for (int k = 0; k < ITEMS / 4; ++k) x[k] = src[k * 32 + lane];
#pragma unroll
        for (int k = 0; k < ITEMS / 4; ++k) {
            const int i = warp * WARP_ITEMS + (k * 32 + lane) * 4;
            buf[pad(i)] = x[k].x; buf[pad(i + 1)] = x[k].y; buf[pad(i + 2)] = x[k].z; buf[pad(i + 3)] = x[k].w;
        }
        __syncwarp();
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) v[k] = buf[pad(mine + k)];
    } else {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) v[k] = base + mine + k < n ? in[base + mine + k] : 0;
    }
    if (!FLAGS) {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) keep |= ((full || base + mine + k < n) && v[k] > threshold) ? 1u << k : 0u;
    }
    const int kept = __popc(keep);
    if (MODE == 3) {
        int s = __reduce_add_sync(0xffffffffu, kept);
        int x = 0;
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) x ^= v[k];
        x = __reduce_xor_sync(0xffffffffu, (unsigned)x);
        if (lane == 0) atomicAdd(scratch + tile, (unsigned long long)s + (x == 0x7fffffff ? 1 : 0));
        return;
    }
    const int inclusive = block_scan(kept);
    if (t == THREADS - 1) {
        tile_count = inclusive;
        if (MODE != 1) publish(scratch, tile, tile == 0 ? ST_PRE : ST_AGG, (unsigned)inclusive);
    }
    if (warp == 0) {
        const unsigned prefix = MODE == 1 ? (unsigned)(tile * (TILE / 2)) : tile == 0 ? 0u : look_back<SLEEP>(scratch, tile);
        if (lane == 0) tile_prefix = prefix;
    }
    __syncthreads();
    const unsigned prefix = tile_prefix;
    const int total = tile_count;
    if (MODE != 1 && t == THREADS - 1 && tile != 0) publish(scratch, tile, ST_PRE, prefix + (unsigned)total);
    if (MODE == 2) {
        if (tile == gridDim.x - 1 && t == 0) *count = (unsigned long long)prefix + total;
        return;
    }
    {
        int at = inclusive - kept;
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) {
            if ((keep >> k) & 1u) buf[pad(at++)] = v[k];
        }
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = k * THREADS + t;
        if (i < total) out[(long long)prefix + i] = buf[pad(i)];
    }
    if (tile == gridDim.x - 1 && t == 0) *count = (unsigned long long)prefix + (unsigned long long)total;
}
}  // namespace cv

// ------------------------------------------------------------------------------------------------------------
// Merge candidates (int32 keys in signed order, as merge_int32_*).
namespace mv {
__device__ __forceinline__ bool less(unsigned x, unsigned y) { return (x ^ 0x80000000u) < (y ^ 0x80000000u); }
__device__ __forceinline__ int pad(int i) { return i + (i >> 5); }

__device__ long long merge_path(const unsigned* a, long long na, const unsigned* b, long long nb, long long diag) {
    long long lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
    while (lo < hi) {
        const long long mid = (lo + hi) >> 1;
        if (!less(__ldg(b + diag - 1 - mid), __ldg(a + mid))) lo = mid + 1; else hi = mid;
    }
    return lo;
}

// One warp per diagonal, 32 probes a round (as merge_new.cu).
__device__ long long merge_path_warp(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long diag) {
    const int lane = threadIdx.x & 31;
    long long lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
    while (lo < hi) {
        const long long span = hi - lo;
        const long long p = lo + span * (lane + 1) / 33;
        const int taken = __popc(__ballot_sync(0xffffffffu, !less(__ldg(b + diag - 1 - p), __ldg(a + p))));
        const long long next_lo = taken > 0 ? lo + span * taken / 33 + 1 : lo;
        hi = taken < 32 ? lo + span * (taken + 1) / 33 : hi;
        lo = next_lo;
    }
    return lo;
}
template <int TILE>
__global__ void partition_warp(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long* __restrict__ splits) {
    const long long tiles = (na + nb + TILE - 1) / TILE;
    const long long t = (blockIdx.x * (long long)blockDim.x + threadIdx.x) >> 5;
    if (t > tiles) return;
    const long long s = merge_path_warp(a, na, b, nb, t * TILE < na + nb ? t * TILE : na + nb);
    if ((threadIdx.x & 31) == 0) splits[t] = s;
}
__device__ __forceinline__ int pad4(int i) { return i + ((i >> 5) << 2); }

template <int TILE>
__global__ void partition(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long* __restrict__ splits) {
    const long long tiles = (na + nb + TILE - 1) / TILE;
    const long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (t <= tiles) splits[t] = merge_path(a, na, b, nb, t * TILE < na + nb ? t * TILE : na + nb);
}

// The call-2 kernel (branchy serial merge) with the warp-local transposition; MODE 0 merge, 1 no merge (copy).
template <int THREADS, int ITEMS, bool PAIRS, int MODE, int MINB = 1>
__global__ void __launch_bounds__(THREADS, MINB) merge(const unsigned* __restrict__ a, const unsigned* __restrict__ b, const unsigned* __restrict__ va,
                                                 const unsigned* __restrict__ vb, unsigned* __restrict__ out, unsigned* __restrict__ vout,
                                                 const long long* __restrict__ splits, long long na, long long nb) {
    constexpr int TILE = THREADS * ITEMS;
    __shared__ __align__(16) unsigned keys[TILE + TILE / 8];
    __shared__ __align__(16) unsigned vals[PAIRS ? TILE + TILE / 8 : 4];
    const int t = threadIdx.x;
    const long long total = na + nb;
    const long long d0 = (long long)blockIdx.x * TILE;
    const long long d1 = d0 + TILE < total ? d0 + TILE : total;
    const long long a0 = splits[blockIdx.x], a1 = splits[blockIdx.x + 1];
    const long long b0 = d0 - a0;
    const int la = (int)(a1 - a0), count = (int)(d1 - d0);
    const bool full = count == TILE;
    const unsigned* pa = a + a0;
    const unsigned* pb = b + b0 - la;
    unsigned r[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = k * THREADS + t;
        if (full || i < count) r[k] = __ldg(i < la ? pa + i : pb + i);
    }
    unsigned rv[PAIRS ? ITEMS : 1];
    if (PAIRS) {
        const unsigned* qa = va + a0;
        const unsigned* qb = vb + b0 - la;
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) {
            const int i = k * THREADS + t;
            if (full || i < count) rv[k] = __ldg(i < la ? qa + i : qb + i);
        }
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = k * THREADS + t;
        if (full || i < count) {
            keys[pad(i)] = r[k];
            if (PAIRS) vals[pad(i)] = rv[k];
        }
    }
    __syncthreads();
    const int diag = t * ITEMS < count ? t * ITEMS : count;
    unsigned merged[ITEMS];
    int source[ITEMS];
    if (MODE == 1) {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) { source[k] = diag + k < count ? diag + k : 0; merged[k] = keys[pad(source[k])]; }
    } else {
        const int lb = count - la;
        int lo = diag > lb ? diag - lb : 0, hi = diag < la ? diag : la;
        while (lo < hi) {
            const int mid = (lo + hi) >> 1;
            if (!less(keys[pad(la + diag - 1 - mid)], keys[pad(mid)])) lo = mid + 1; else hi = mid;
        }
        int ai = lo, bi = la + diag - lo;
        unsigned ka = ai < la ? keys[pad(ai)] : 0u, kb = bi < count ? keys[pad(bi)] : 0u;
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) {
            const bool take_a = bi >= count || (ai < la && !less(kb, ka));
            if (take_a) {
                merged[k] = ka; source[k] = ai++;
                if (ai < la) ka = keys[pad(ai)];
            } else {
                merged[k] = kb; source[k] = bi++;
                if (bi < count) kb = keys[pad(bi)];
            }
        }
    }
    unsigned mvals[PAIRS ? ITEMS : 1];
    if (PAIRS) {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) mvals[k] = vals[pad(diag + k < count ? source[k] : 0)];
    }
    if (full && ITEMS % 4 == 0) {
        // Warp-local transposition in a 4-word-padded layout (16-byte writes and reads without bank conflicts), then
        // coalesced 16-byte stores.
        __syncthreads();
        const int w0 = (t >> 5) * 32 * ITEMS, lane = t & 31;
#pragma unroll
        for (int j = 0; j < ITEMS / 4; ++j) {
            *(uint4*)&keys[pad4(diag + 4 * j)] = make_uint4(merged[4 * j], merged[4 * j + 1], merged[4 * j + 2], merged[4 * j + 3]);
            if (PAIRS) *(uint4*)&vals[pad4(diag + 4 * j)] = make_uint4(mvals[4 * j], mvals[4 * j + 1], mvals[4 * j + 2], mvals[4 * j + 3]);
        }
        __syncwarp();
#pragma unroll
        for (int k = 0; k < ITEMS / 4; ++k) {
            const int i = w0 + (k * 32 + lane) * 4;
            *(uint4*)(out + d0 + i) = *(const uint4*)&keys[pad4(i)];
            if (PAIRS) *(uint4*)(vout + d0 + i) = *(const uint4*)&vals[pad4(i)];
        }
        return;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        if (diag + k < count) {
            keys[pad(diag + k)] = merged[k];
            if (PAIRS) vals[pad(diag + k)] = mvals[k];
        }
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = k * THREADS + t;
        if (full || i < count) {
            out[d0 + i] = keys[pad(i)];
            if (PAIRS) vout[d0 + i] = vals[pad(i)];
        }
    }
}
}  // namespace mv

// ------------------------------------------------------------------------------------------------------------
__global__ void fill_hash(unsigned* p, long long n, unsigned salt) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        unsigned long long h = (unsigned long long)(i + 1) * 0x9E3779B97F4A7C15ull ^ ((unsigned long long)salt << 32 | salt);
        h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 32;
        p[i] = (unsigned)h;
    }
}
__global__ void fill_flags(unsigned char* f, const unsigned* h, long long n, unsigned below) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) f[i] = (h[i] < below || below == 0xffffffffu) ? 1 : 0;
}
__global__ void fill_steps(unsigned* p, long long n, unsigned salt, int distinct) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        unsigned long long h = (unsigned long long)(i + 7) * 0x9E3779B97F4A7C15ull ^ salt;
        h ^= h >> 31; h *= 0x94D049BB133111EBull; h ^= h >> 29;
        p[i] = distinct ? 0u : (unsigned)(h & 15);
    }
}
__global__ void add_offset(unsigned* p, long long n, int offset, int distinct) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
        p[i] = distinct ? (unsigned)(int)((i * distinct) / n - distinct / 2) : p[i] + (unsigned)offset;
}

struct Above {
    int t;
    __device__ bool operator()(const int& x) const { return x > t; }
};
__global__ void iota(unsigned* p, long long n, long long base) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = (unsigned)(base + i);
}

struct Timer {
    cudaEvent_t a, b;
    Timer() { CHECK(cudaEventCreate(&a)); CHECK(cudaEventCreate(&b)); }
    float median(const std::function<void()>& f, int warmups = 3, int runs = 20) {
        for (int i = 0; i < warmups; ++i) f();
        CHECK(cudaDeviceSynchronize());
        std::vector<float> ms;
        for (int i = 0; i < runs; ++i) {
            CHECK(cudaEventRecord(a));
            f();
            CHECK(cudaEventRecord(b));
            CHECK(cudaEventSynchronize(b));
            CHECK(cudaGetLastError());
            float x;
            CHECK(cudaEventElapsedTime(&x, a, b));
            ms.push_back(x);
        }
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    }
};

using CompactKernel = void (*)(const int*, const unsigned char*, int, int*, unsigned long long*, long long, unsigned long long*);
struct CompactVariant {
    std::string name;
    CompactKernel kernel;
    int tile;
    bool flags;
    bool exact;  // a real compaction (checked); false for breakdown variants
    int carveout;  // set before each use (KEEP: leave)
};

__global__ void __launch_bounds__(256, 5) gen_if(const int* in, const unsigned char*, int threshold, int* out, unsigned long long* count, long long n, unsigned long long* scratch) {
    compact_int32::compact_tile<false>(in, nullptr, threshold, out, count, n, scratch);
}
__global__ void __launch_bounds__(256, 5) gen_flagged(const int* in, const unsigned char* flags, int, int* out, unsigned long long* count, long long n, unsigned long long* scratch) {
    compact_int32::compact_tile<true>(in, flags, 0, out, count, n, scratch);
}
constexpr int KEEP = -2, DEFAULT_CARVEOUT = -1;
// Percent of the SM's shared memory for `blocks` blocks of `f` (static shared memory + 1 KiB reserved), as LoadedKernel.fitCarveoutTo.
template <class F> int fitted(F f, int blocks) {
    cudaFuncAttributes attr;
    CHECK(cudaFuncGetAttributes(&attr, (const void*)f));
    int perSm, reserved;
    CHECK(cudaDeviceGetAttribute(&perSm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
    CHECK(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, 0));
    return (int)std::min<long long>(100, (100LL * blocks * ((long long)attr.sharedSizeBytes + reserved) + perSm - 1) / perSm);
}

static std::vector<CompactVariant> compactVariants() {
    using namespace cv;
    const int fit = fitted(gen_if, 5);
    return {
        {"gen if, default carveout", gen_if, 8192, false, true, DEFAULT_CARVEOUT},
        {"gen if, fitted carveout", gen_if, 8192, false, true, fit},
        {"gen if, carveout 100", gen_if, 8192, false, true, 100},
        {"gen flagged, default carveout", gen_flagged, 8192, true, true, DEFAULT_CARVEOUT},
        {"gen flagged, fitted carveout", gen_flagged, 8192, true, true, fit},
        {"gen flagged, carveout 100", gen_flagged, 8192, true, true, 100},
        {"[bd] 32/minb5: no look-back", compact<32, false, 1, 5>, 8192, false, false, fit},
        {"[bd] 32/minb5: no gather/store", compact<32, false, 2, 5>, 8192, false, false, fit},
        {"[bd] 32/minb5: load+count only", compact<32, false, 3, 5>, 8192, false, false, fit},
    };
}

using MergeKernel = void (*)(const unsigned*, const unsigned*, const unsigned*, const unsigned*, unsigned*, unsigned*, const long long*, long long, long long);
using PartitionKernel = void (*)(const unsigned*, long long, const unsigned*, long long, long long*);
struct MergeVariant {
    std::string name;
    PartitionKernel partition;
    MergeKernel merge;
    int threads, tile;
    bool pairs, exact;
    int carveout;
};
static std::vector<MergeVariant> mergeVariants() {
    using namespace mv;
    const int fitK = fitted(merge_int32_keys::entangle_merge_int32_keys_merge, 8), fitP = fitted(merge_int32_pairs::entangle_merge_int32_pairs_merge, 5);
    return {
        {"gen keys, default carveout", merge_int32_keys::entangle_merge_int32_keys_partition, nullptr, 256, 4096, false, true, DEFAULT_CARVEOUT},
        {"gen keys, fitted carveout", merge_int32_keys::entangle_merge_int32_keys_partition, nullptr, 256, 4096, false, true, fitK},
        {"gen keys, carveout 100", merge_int32_keys::entangle_merge_int32_keys_partition, nullptr, 256, 4096, false, true, 100},
        {"gen pairs, default carveout", merge_int32_pairs::entangle_merge_int32_pairs_partition, nullptr, 256, 4096, true, true, DEFAULT_CARVEOUT},
        {"gen pairs, fitted carveout", merge_int32_pairs::entangle_merge_int32_pairs_partition, nullptr, 256, 4096, true, true, fitP},
        {"gen pairs, carveout 100", merge_int32_pairs::entangle_merge_int32_pairs_partition, nullptr, 256, 4096, true, true, 100},
        {"[bd] branchy serial merge (call 2), warp-xpose", partition<4096>, merge<256, 16, false, 0, 8>, 256, 4096, false, true, fitK},
        {"[bd] copy only, warp-xpose", partition<4096>, merge<256, 16, false, 1, 8>, 256, 4096, false, false, fitK},
    };
}

// ------------------------------------------------------------------------------------------------------------
struct Bufs {
    long long n;
    int *in, *out;
    unsigned char* flags;
    unsigned long long *count, *scratch;
    unsigned *a, *b, *va, *vb, *mout, *mvout;
    long long* splits;
};

static void setCarveout(const void* f, int carveout) {
    if (carveout != KEEP) CHECK(cudaFuncSetAttribute(f, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
}
static void runCompact(const CompactVariant& v, Bufs& d, long long n, int threshold) {
    const long long tiles = std::max(1LL, (n + v.tile - 1) / v.tile);
    CHECK(cudaMemsetAsync(d.scratch, 0, tiles * 8));
    v.kernel<<<(unsigned)tiles, 256>>>(d.in, d.flags, threshold, d.out, d.count, n, d.scratch);
}

static void runMerge(const MergeVariant& v, Bufs& d, long long na, long long nb) {
    const long long tiles = (na + nb + v.tile - 1) / v.tile;
    if (tiles == 0) return;
    v.partition<<<(unsigned)((tiles + 2 + 255) / 256), 256>>>(d.a, na, d.b, nb, d.splits);
    if (v.merge) v.merge<<<(unsigned)tiles, v.threads>>>(d.a, d.b, d.va, d.vb, d.mout, d.mvout, d.splits, na, nb);
    else if (v.pairs) merge_int32_pairs::entangle_merge_int32_pairs_merge<<<(unsigned)tiles, 256>>>(d.a, d.b, d.va, d.vb, d.mout, d.mvout, d.splits, na, nb);
    else merge_int32_keys::entangle_merge_int32_keys_merge<<<(unsigned)tiles, 256>>>(d.a, d.b, d.mout, d.splits, na, nb);
}

static bool checkCompact(const CompactVariant& v, Bufs& d, const std::vector<int>& hin, const std::vector<unsigned char>& hf, long long n, int threshold) {
    CHECK(cudaMemset(d.out, 0xA5, (n > 0 ? n : 1) * 4));
    CHECK(cudaMemset(d.count, 0xA5, 8));
    runCompact(v, d, n, threshold);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    std::vector<int> expect;
    expect.reserve(n);
    for (long long i = 0; i < n; ++i) {
        if (v.flags ? hf[i] != 0 : hin[i] > threshold) expect.push_back(hin[i]);
    }
    unsigned long long c;
    CHECK(cudaMemcpy(&c, d.count, 8, cudaMemcpyDeviceToHost));
    if (c != expect.size()) {
        printf("FAIL %s n=%lld t=%d: count %llu, expected %zu\n", v.name.c_str(), n, threshold, c, expect.size());
        return false;
    }
    std::vector<int> got(expect.size());
    if (!got.empty()) CHECK(cudaMemcpy(got.data(), d.out, got.size() * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < got.size(); ++i) {
        if (got[i] != expect[i]) {
            printf("FAIL %s n=%lld t=%d: out[%zu] = %d, expected %d\n", v.name.c_str(), n, threshold, i, got[i], expect[i]);
            return false;
        }
    }
    return true;
}

static void makeSorted(Bufs& d, unsigned* p, unsigned* values, long long len, unsigned salt, int distinct, long long valueBase, void* temp, size_t tempBytes) {
    if (len == 0) return;
    fill_steps<<<1024, 256>>>(p, len, salt, distinct);
    if (!distinct) {
        size_t need = 0;
        CHECK(cub::DeviceScan::InclusiveSum(nullptr, need, p, p, len));
        if (need > tempBytes) { printf("scan temp too small\n"); exit(3); }
        CHECK(cub::DeviceScan::InclusiveSum(temp, need, p, p, len));
    }
    add_offset<<<1024, 256>>>(p, len, -(1 << 30), distinct);
    iota<<<1024, 256>>>(values, len, valueBase);
}

static bool checkMerge(const MergeVariant& v, Bufs& d, long long na, long long nb, int distinct, void* temp, size_t tempBytes) {
    makeSorted(d, d.a, d.va, na, 11u + (unsigned)na, distinct, 0, temp, tempBytes);
    makeSorted(d, d.b, d.vb, nb, 12u + (unsigned)nb, distinct, na, temp, tempBytes);
    const long long n = na + nb;
    CHECK(cudaMemset(d.mout, 0xA5, n * 4 + 4));
    CHECK(cudaMemset(d.mvout, 0xA5, n * 4 + 4));
    runMerge(v, d, na, nb);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    std::vector<int> ha(na), hb(nb), got(n);
    std::vector<unsigned> gotv(n);
    if (na) CHECK(cudaMemcpy(ha.data(), d.a, na * 4, cudaMemcpyDeviceToHost));
    if (nb) CHECK(cudaMemcpy(hb.data(), d.b, nb * 4, cudaMemcpyDeviceToHost));
    if (n) CHECK(cudaMemcpy(got.data(), d.mout, n * 4, cudaMemcpyDeviceToHost));
    if (n && v.pairs) CHECK(cudaMemcpy(gotv.data(), d.mvout, n * 4, cudaMemcpyDeviceToHost));
    long long i = 0, j = 0;
    for (long long k = 0; k < n; ++k) {
        const bool takeA = j >= nb || (i < na && !(hb[j] < ha[i]));
        const int key = takeA ? ha[i] : hb[j];
        const unsigned src = takeA ? (unsigned)i++ : (unsigned)(na + j++);
        if (got[k] != key || (v.pairs && gotv[k] != src)) {
            printf("FAIL %s na=%lld nb=%lld distinct=%d: out[%lld] = %d/%u, expected %d/%u\n", v.name.c_str(), na, nb, distinct, k, got[k], gotv[k], key, src);
            return false;
        }
    }
    return true;
}

int main(int argc, char** argv) {
    const long long N = 1LL << 28;
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("device %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
    if (argc > 1 && !strcmp(argv[1], "probe")) return 0;
    Bufs d{};
    d.n = N;
    CHECK(cudaMalloc(&d.in, N * 4));
    CHECK(cudaMalloc(&d.out, N * 4 + 16));
    CHECK(cudaMalloc(&d.flags, N));
    CHECK(cudaMalloc(&d.count, 8));
    CHECK(cudaMalloc(&d.scratch, (N / 2048 + 16) * 8));
    CHECK(cudaMalloc(&d.a, N * 4 + 16));
    CHECK(cudaMalloc(&d.b, N * 4 + 16));
    CHECK(cudaMalloc(&d.va, N * 4 + 16));
    CHECK(cudaMalloc(&d.vb, N * 4 + 16));
    CHECK(cudaMalloc(&d.mout, N * 4 + 16));
    CHECK(cudaMalloc(&d.mvout, N * 4 + 16));
    CHECK(cudaMalloc(&d.splits, (N / 1024 + 16) * 8));
    size_t tempBytes = 1ull << 30;
    void* temp;
    CHECK(cudaMalloc(&temp, tempBytes));
    unsigned* hashbuf;
    CHECK(cudaMalloc(&hashbuf, N * 4));
    fill_hash<<<2048, 256>>>((unsigned*)d.in, N, 1u);
    fill_hash<<<2048, 256>>>(hashbuf, N, 2u);
    fill_flags<<<2048, 256>>>(d.flags, hashbuf, N, 0x80000000u);
    CHECK(cudaDeviceSynchronize());
    auto cv = compactVariants();
    auto mvs = mergeVariants();
    Timer timer;
    int* cubSelected;
    CHECK(cudaMalloc(&cubSelected, 8));
    auto cubIf = [&](long long n) {
        size_t bytes = tempBytes;
        CHECK(cub::DeviceSelect::If(temp, bytes, d.in, d.out, cubSelected, (int)n, Above{0}));
    };
    auto cubFlagged = [&](long long n) {
        size_t bytes = tempBytes;
        CHECK(cub::DeviceSelect::Flagged(temp, bytes, d.in, d.flags, d.out, cubSelected, (int)n));
    };
    auto cubMergeKeys = [&](long long na, long long nb) {
        size_t bytes = tempBytes;
        CHECK(cub::DeviceMerge::MergeKeys(temp, bytes, (const int*)d.a, na, (const int*)d.b, nb, (int*)d.mout));
    };
    auto cubMergePairs = [&](long long na, long long nb) {
        size_t bytes = tempBytes;
        CHECK(cub::DeviceMerge::MergePairs(temp, bytes, (const int*)d.a, d.va, na, (const int*)d.b, d.vb, nb, (int*)d.mout, d.mvout));
    };

    // ---- checks
    std::vector<int> hin(N);
    std::vector<unsigned char> hf(N);
    CHECK(cudaMemcpy(hin.data(), d.in, N * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hf.data(), d.flags, N, cudaMemcpyDeviceToHost));
    int failures = 0;
    std::vector<bool> compactOk(cv.size(), true), mergeOk(mvs.size(), true);
    for (size_t vi = 0; vi < cv.size(); ++vi) {
        auto& v = cv[vi];
        if (!v.exact || v.name.find("default") == std::string::npos) continue;
        const long long T = v.tile;
        std::vector<long long> sizes = {0, 1, 2, 31, 32, 33, T - 1, T, T + 1, 3 * T + 5, 1000007, (1LL << 24) + 3, N};
        for (long long n : sizes) {
            std::vector<int> ts = v.flags ? std::vector<int>{0} : (n < 2000000 ? std::vector<int>{0, 2147483647, -2147483647 - 1} : std::vector<int>{0});
            for (int th : ts) compactOk[vi] = compactOk[vi] && checkCompact(v, d, hin, hf, n, th);
        }
        if (v.flags) {  // flags none / all at awkward sizes (the data's flags are rewritten and restored)
            for (unsigned below : {0u, 0xffffffffu}) {
                fill_flags<<<2048, 256>>>(d.flags, hashbuf, N, below);
                std::vector<unsigned char> hf2(1000007 + 1, below ? 1 : 0);
                for (long long n : {33LL, T + 1, 1000007LL}) compactOk[vi] = compactOk[vi] && checkCompact(v, d, hin, hf2, n, 0);
            }
            fill_flags<<<2048, 256>>>(d.flags, hashbuf, N, 0x80000000u);
        }
        printf("check %-40s %s\n", v.name.c_str(), compactOk[vi] ? "PASS" : "FAIL");
        failures += !compactOk[vi];
    }
    for (size_t vi = 0; vi < mvs.size(); ++vi) {
        auto& v = mvs[vi];
        if (!v.exact || v.name.find("default") == std::string::npos) continue;
        const long long T = v.tile;
        std::vector<long long> sizes = {0, 1, 2, 31, 33, T - 1, T, T + 1, 5 * T + 3, 1000007, (1LL << 24) + 5};
        for (long long n : sizes) {
            for (int split = 0; split < (n > 2000000 ? 1 : 4); ++split) {
                const long long na = split == 0 ? n / 2 : split == 1 ? 0 : split == 2 ? n : n / 3;
                for (int distinct : {0, 8}) if (n < 2000000 || distinct == 0) mergeOk[vi] = mergeOk[vi] && checkMerge(v, d, na, n - na, distinct, temp, tempBytes);
            }
        }
        mergeOk[vi] = mergeOk[vi] && checkMerge(v, d, N / 2, N - N / 2, 0, temp, tempBytes);
        printf("check %-40s %s\n", v.name.c_str(), mergeOk[vi] ? "PASS" : "FAIL");
        failures += !mergeOk[vi];
    }
    hin.clear(); hin.shrink_to_fit(); hf.clear(); hf.shrink_to_fit();

    // ---- timing (2 rounds, round-robin)
    CHECK(cudaMemset(d.count, 0, 8));
    runCompact(cv[0], d, N, 0);
    unsigned long long keptIf;
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&keptIf, d.count, 8, cudaMemcpyDeviceToHost));
    runCompact(cv[3], d, N, 0);
    unsigned long long keptFlags;
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&keptFlags, d.count, 8, cudaMemcpyDeviceToHost));
    const long long bytesIf = (N + (long long)keptIf) * 4, bytesFlags = (N + (long long)keptFlags) * 4 + N;
    printf("\ncompact n=%lld: kept %llu (x > 0), %llu (flags); bytes %lld / %lld\n", N, keptIf, keptFlags, bytesIf, bytesFlags);
    for (int round = 0; round < 2; ++round) {
        const float mcIf = timer.median([&] { CHECK(cudaMemcpyAsync(d.out, d.in, bytesIf / 2, cudaMemcpyDeviceToDevice)); });
        const float mcFl = timer.median([&] { CHECK(cudaMemcpyAsync(d.out, d.in, bytesFlags / 2, cudaMemcpyDeviceToDevice)); });
        const float cIf = timer.median([&] { cubIf(N); });
        const float cFl = timer.median([&] { cubFlagged(N); });
        printf("round %d  memcpy(if bytes) %.4f  memcpy(flags bytes) %.4f  cub If %.4f  cub Flagged %.4f ms\n", round, mcIf, mcFl, cIf, cFl);
        for (size_t vi = 0; vi < cv.size(); ++vi) {
            auto& v = cv[vi];
            setCarveout((const void*)v.kernel, v.carveout);
            const float ms = timer.median([&] { runCompact(v, d, N, 0); });
            const float lib = v.flags ? cFl : cIf;
            printf("  compact %-40s %s %.4f ms  %7.1f GB/s  vs CUB %.3f  vs memcpy %.3f\n", v.name.c_str(), v.exact ? (compactOk[vi] ? "ok  " : "FAIL") : "bd  ",
                   ms, (v.flags ? bytesFlags : bytesIf) / ms / 1e6, lib / ms, (v.flags ? mcFl : mcIf) / ms);
        }
    }
    makeSorted(d, d.a, d.va, N / 2, 31u, 0, 0, temp, tempBytes);
    makeSorted(d, d.b, d.vb, N - N / 2, 32u, 0, N / 2, temp, tempBytes);
    CHECK(cudaDeviceSynchronize());
    const long long na = N / 2, nb = N - N / 2;
    printf("\nmerge n=%lld (half/half, sorted random steps 0..15)\n", N);
    for (int round = 0; round < 2; ++round) {
        const float mcK = timer.median([&] { CHECK(cudaMemcpyAsync(d.mout, d.a, na * 4, cudaMemcpyDeviceToDevice)); CHECK(cudaMemcpyAsync(d.mout + na, d.b, nb * 4, cudaMemcpyDeviceToDevice)); });
        const float cK = timer.median([&] { cubMergeKeys(na, nb); });
        const float cP = timer.median([&] { cubMergePairs(na, nb); });
        const long long tiles = (N + 4095) / 4096;
        const float partBinary = timer.median([&] { mv::partition<4096><<<(unsigned)((tiles + 1 + 255) / 256), 256>>>(d.a, na, d.b, nb, d.splits); });
        const float partWarp = timer.median([&] { mv::partition_warp<4096><<<(unsigned)(((tiles + 1) * 32 + 255) / 256), 256>>>(d.a, na, d.b, nb, d.splits); });
        printf("round %d  memcpy(keys) %.4f  cub MergeKeys %.4f  cub MergePairs %.4f  partition alone (4096-tiles): binary %.4f, warp 32-probe %.4f ms\n",
               round, mcK, cK, cP, partBinary, partWarp);
        for (size_t vi = 0; vi < mvs.size(); ++vi) {
            auto& v = mvs[vi];
            setCarveout(v.merge ? (const void*)v.merge : v.pairs ? (const void*)merge_int32_pairs::entangle_merge_int32_pairs_merge
                                                                 : (const void*)merge_int32_keys::entangle_merge_int32_keys_merge, v.carveout);
            const float ms = timer.median([&] { runMerge(v, d, na, nb); });
            const float lib = v.pairs ? cP : cK;
            printf("  merge %-42s %s %.4f ms  %7.1f GB/s  vs CUB %.3f  vs memcpy %.3f\n", v.name.c_str(), v.exact ? (mergeOk[vi] ? "ok  " : "FAIL") : "bd  ",
                   ms, (v.pairs ? 4.0 : 2.0) * N * 4 / ms / 1e6, lib / ms, (v.pairs ? 2 * mcK : mcK) / ms);
        }
    }
    printf("\nfailures: %d\n", failures);
    return failures ? 1 : 0;
}

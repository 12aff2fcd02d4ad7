// Radix-sort experiment: breakdown of the current generated kernels, candidate kernels checked against CUB and timed.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <string>
#include <array>
#include "cur.cu"
#include "gen/net.cuh"
#include "cand.cuh"
#include <functional>
typedef void (*HistK)(const unsigned*, unsigned*, long long, unsigned*);
typedef void (*BinK)(const unsigned*, unsigned*);
typedef void (*KeysK)(const unsigned*, unsigned*, const unsigned*, unsigned*, unsigned*, long long, long long);
typedef void (*PairsK)(const unsigned*, unsigned*, const unsigned*, unsigned*, const unsigned*, unsigned*, unsigned*, long long, long long);
struct OsVariant { const char* name; int threads, items; HistK hist; BinK bin; KeysK keys; PairsK pairs; };
#include "variants3.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)
#define CKL() CK(cudaGetLastError())

struct Net256 { __device__ static int scan(int x) { return net256::block_scan(x); } };
struct Net384 { __device__ static int scan(int x) { return net384::block_scan(x); } };
struct Net512 { __device__ static int scan(int x) { return net512::block_scan(x); } };
template <int T> struct NetFor;
template <> struct NetFor<256> { typedef Net256 type; };
template <> struct NetFor<384> { typedef Net384 type; };
template <> struct NetFor<512> { typedef Net512 type; };

__device__ __forceinline__ unsigned hash32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16; return x;
}
// dist: 0 random, 1 sorted, 2 reverse-sorted, 3 all-equal, 4 few-distinct
__global__ void fill(unsigned* p, long long n, unsigned seed, int dist) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
        unsigned v;
        switch (dist) {
            case 0: v = hash32((unsigned)i * 2654435761u ^ seed); break;
            case 1: v = (unsigned)((double)i / (double)n * 4294967295.0); break;
            case 2: v = (unsigned)((double)(n - 1 - i) / (double)n * 4294967295.0); break;
            case 3: v = hash32(seed); break;
            default: v = hash32((hash32((unsigned)i ^ seed) & 15u) + seed); break;
        }
        p[i] = v;
    }
}
__global__ void iota(unsigned* p, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = (unsigned)i;
}
__global__ void poison(unsigned* p, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = 0xA5A5A5A5u;
}
__global__ void compare(const unsigned* a, const unsigned* b, long long n, unsigned long long* first_bad) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
        if (a[i] != b[i]) atomicMin(first_bad, (unsigned long long)i);
}

static int SMS = 132;
struct Buffers {
    long long n;
    unsigned *kin, *kA, *kB, *vin, *vA, *vB, *refk, *refv;
    unsigned *counts, *offsets, *status, *ctr, *hist, *binbase, *bits;
    unsigned long long* scratch;
    void* cubtemp; size_t cubbytes;
};

static Buffers make(long long n) {
    Buffers b; b.n = n;
    size_t bytes = 4 * (size_t)n + 64;
    CK(cudaMalloc(&b.kin, bytes)); CK(cudaMalloc(&b.kA, bytes)); CK(cudaMalloc(&b.kB, bytes));
    CK(cudaMalloc(&b.vin, bytes)); CK(cudaMalloc(&b.vA, bytes)); CK(cudaMalloc(&b.vB, bytes));
    CK(cudaMalloc(&b.refk, bytes)); CK(cudaMalloc(&b.refv, bytes));
    long long minTile = 4096;
    long long cells = 256 * ((n + minTile - 1) / minTile + 1);
    CK(cudaMalloc(&b.counts, 4 * cells)); CK(cudaMalloc(&b.offsets, 4 * cells));
    CK(cudaMalloc(&b.status, 4 * 4 * cells)); CK(cudaMalloc(&b.ctr, 64));
    CK(cudaMalloc(&b.hist, 4 * 1024)); CK(cudaMalloc(&b.binbase, 4 * 1024)); CK(cudaMalloc(&b.bits, 64));
    CK(cudaMalloc(&b.scratch, 8 * (cells / 6144 + 4)));
    b.cubbytes = 0;
    CK(cub::DeviceRadixSort::SortPairs(nullptr, b.cubbytes, b.kin, b.refk, b.vin, b.refv, (int)std::max(n, 1LL)));
    size_t bytes64 = 0;
    CK(cub::DeviceRadixSort::SortPairs(nullptr, bytes64, b.kin, b.refk, b.vin, b.refv, (long long)std::max(n, 1LL)));
    b.cubbytes = std::max(b.cubbytes, bytes64);
    CK(cudaMalloc(&b.cubtemp, b.cubbytes + 16));
    return b;
}
static void release(Buffers& b) {
    for (void* p : {(void*)b.kin, (void*)b.kA, (void*)b.kB, (void*)b.vin, (void*)b.vA, (void*)b.vB, (void*)b.refk, (void*)b.refv,
                    (void*)b.counts, (void*)b.offsets, (void*)b.status, (void*)b.ctr, (void*)b.hist, (void*)b.binbase, (void*)b.bits,
                    (void*)b.scratch, b.cubtemp}) CK(cudaFree(p));
}

// Timing helper: named segments recorded with events.
struct Timeline {
    std::vector<std::string> names; std::vector<cudaEvent_t> ev;
    void begin() { names.clear(); mark("start"); }
    void mark(const char* name) {
        cudaEvent_t e; CK(cudaEventCreate(&e)); CK(cudaEventRecord(e)); ev.push_back(e); names.push_back(name);
    }
    // per segment ms (segment i ends at mark i+1)
    std::vector<std::pair<std::string, float>> read() {
        CK(cudaEventSynchronize(ev.back()));
        std::vector<std::pair<std::string, float>> out;
        for (size_t i = 1; i < ev.size(); ++i) { float ms; CK(cudaEventElapsedTime(&ms, ev[i - 1], ev[i])); out.push_back({names[i], ms}); }
        for (auto e : ev) cudaEventDestroy(e);
        ev.clear();
        return out;
    }
};
static Timeline* TL = nullptr;
static void mark(const char* s) { if (TL) TL->mark(s); }

template <typename K> static void carve(K kernel) {
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
}
// ---- the current generated kernels ----
static void old_sort(Buffers& b, bool pairs) {
    carve(radix_uint32_keys::entangle_radix_uint32_keys_scatter); carve(radix_uint32_pairs::entangle_radix_uint32_pairs_scatter);
    carve(entangle_radix_digit_scan_ns::entangle_radix_digit_scan);
    const long long n = b.n;
    const long long tiles = (n + 4095) / 4096, cells = 256 * tiles;
    const long long scanBlocks = (cells + 6143) / 6144;
    CK(cudaMemsetAsync(b.bits, 0, 8));
    unsigned *sk = b.kin, *sv = b.vin;
    for (int pass = 0; pass < 4; ++pass) {
        unsigned* dk = pass % 2 ? b.kB : b.kA; unsigned* dv = pass % 2 ? b.vB : b.vA;
        radix_uint32_keys::entangle_radix_uint32_keys_upsweep<<<tiles, 256>>>(sk, b.counts, n, 8 * pass, b.bits, pass == 0); CKL(); mark("old upsweep");
        CK(cudaMemsetAsync(b.scratch, 0, 8 * (scanBlocks + 2)));
        entangle_radix_digit_scan_ns::entangle_radix_digit_scan<<<scanBlocks, 256>>>((const int*)b.counts, (int*)b.offsets, cells, b.scratch); CKL(); mark("old scan");
        if (pairs) radix_uint32_pairs::entangle_radix_uint32_pairs_scatter<<<tiles, 256>>>(sk, dk, sv, dv, b.offsets, n, 8 * pass);
        else radix_uint32_keys::entangle_radix_uint32_keys_scatter<<<tiles, 256>>>(sk, dk, b.offsets, n, 8 * pass);
        CKL(); mark("old scatter");
        sk = dk; sv = dv;
    }
}

// ---- candidate: reduce-then-scan ----
template <int T, int I, int M = 1>
static void rts_sort(Buffers& b, bool pairs) {
    typedef typename NetFor<T>::type NET;
    const long long n = b.n, TILE = T * I;
    const long long tiles = (n + TILE - 1) / TILE, cells = 256 * tiles;
    const long long scanBlocks = (cells + 6143) / 6144;
    carve(cand::pass<T, I, true, false, NET, M>); carve(cand::pass<T, I, false, false, NET, M>);
    unsigned *sk = b.kin, *sv = b.vin;
    for (int pass = 0; pass < 4; ++pass) {
        unsigned* dk = pass % 2 ? b.kB : b.kA; unsigned* dv = pass % 2 ? b.vB : b.vA;
        cand::upsweep<T, I><<<tiles, T>>>(sk, b.counts, n, 8 * pass); CKL(); mark("rts upsweep");
        CK(cudaMemsetAsync(b.scratch, 0, 8 * (scanBlocks + 2)));
        entangle_radix_digit_scan_ns::entangle_radix_digit_scan<<<scanBlocks, 256>>>((const int*)b.counts, (int*)b.offsets, cells, b.scratch); CKL(); mark("rts scan");
        if (pairs) cand::pass<T, I, true, false, NET, M><<<tiles, T>>>(sk, dk, sv, dv, b.offsets, nullptr, nullptr, n, 8 * pass);
        else cand::pass<T, I, false, false, NET, M><<<tiles, T>>>(sk, dk, sv, dv, b.offsets, nullptr, nullptr, n, 8 * pass);
        CKL(); mark("rts scatter");
        sk = dk; sv = dv;
    }
}

// ---- candidate: onesweep ----
template <int T, int I, int M = 1>
static void os_sort(Buffers& b, bool pairs) {
    typedef typename NetFor<T>::type NET;
    const long long n = b.n, TILE = T * I;
    const long long tiles = (n + TILE - 1) / TILE;
    carve(cand::pass<T, I, true, true, NET, M>); carve(cand::pass<T, I, false, true, NET, M>);
    CK(cudaMemsetAsync(b.hist, 0, 4 * 1024));
    CK(cudaMemsetAsync(b.bits, 0, 8));
    CK(cudaMemsetAsync(b.status, 0, 4 * 4 * 256 * tiles));
    CK(cudaMemsetAsync(b.ctr, 0, 16));
    mark("os memsets");
    long long hb = std::min((n / 4 + 255) / 256 + 1, (long long)SMS * 8);
    cand::histogram<256><<<hb, 256>>>(b.kin, b.hist, n, b.bits); CKL(); mark("os histogram");
    cand::bin_scan<256, Net256><<<4, 256>>>(b.hist, b.binbase); CKL(); mark("os binscan");
    unsigned *sk = b.kin, *sv = b.vin;
    for (int pass = 0; pass < 4; ++pass) {
        unsigned* dk = pass % 2 ? b.kB : b.kA; unsigned* dv = pass % 2 ? b.vB : b.vA;
        unsigned* st = b.status + (long long)pass * 256 * tiles;
        if (pairs) cand::pass<T, I, true, true, NET, M><<<tiles, T>>>(sk, dk, sv, dv, b.binbase + 256 * pass, st, b.ctr + pass, n, 8 * pass);
        else cand::pass<T, I, false, true, NET, M><<<tiles, T>>>(sk, dk, sv, dv, b.binbase + 256 * pass, st, b.ctr + pass, n, 8 * pass);
        CKL(); mark("os pass");
        sk = dk; sv = dv;
    }
}

// ---- the production (Java-emitted) onesweep kernels at one geometry ----
static void java_os(const OsVariant& v, Buffers& b, bool pairs) {
    const long long n = b.n, TILE = (long long)v.threads * v.items;
    const long long tiles = (n + TILE - 1) / TILE;
    carve(v.keys); carve(v.pairs);
    CK(cudaMemsetAsync(b.hist, 0, 4 * 1024));
    CK(cudaMemsetAsync(b.bits, 0, 8));
    CK(cudaMemsetAsync(b.status, 0, 4 * 4 * 256 * tiles));
    CK(cudaMemsetAsync(b.ctr, 0, 16));
    mark("memsets");
    v.hist<<<8 * SMS, 256>>>(b.kin, b.hist, n, b.bits); CKL(); mark("histogram");
    v.bin<<<4, v.threads>>>(b.hist, b.binbase); CKL(); mark("binscan");
    unsigned *sk = b.kin, *sv = b.vin;
    for (int pass = 0; pass < 4; ++pass) {
        unsigned* dk = pass % 2 ? b.kB : b.kA; unsigned* dv = pass % 2 ? b.vB : b.vA;
        if (pairs) v.pairs<<<tiles, v.threads>>>(sk, dk, sv, dv, b.binbase, b.status, b.ctr, n, 8 * pass);
        else v.keys<<<tiles, v.threads>>>(sk, dk, b.binbase, b.status, b.ctr, n, 8 * pass);
        CKL(); mark("onesweep");
        sk = dk; sv = dv;
    }
}

static void cub_sort(Buffers& b, bool pairs) {
    size_t bytes = b.cubbytes;
    if (pairs) CK(cub::DeviceRadixSort::SortPairs(b.cubtemp, bytes, b.kin, b.refk, b.vin, b.refv, (int)b.n));
    else CK(cub::DeviceRadixSort::SortKeys(b.cubtemp, bytes, b.kin, b.refk, (int)b.n));
    mark("cub");
}
static void cub_sort64(Buffers& b, bool pairs) {   // as the Java CUB harness calls it: num_items as long long
    size_t bytes = b.cubbytes;
    if (pairs) CK(cub::DeviceRadixSort::SortPairs(b.cubtemp, bytes, b.kin, b.refk, b.vin, b.refv, (long long)b.n));
    else CK(cub::DeviceRadixSort::SortKeys(b.cubtemp, bytes, b.kin, b.refk, (long long)b.n));
    mark("cub64");
}
static void memcpy_run(Buffers& b, bool pairs) {
    CK(cudaMemcpyAsync(b.kA, b.kin, 4 * b.n, cudaMemcpyDeviceToDevice));
    if (pairs) CK(cudaMemcpyAsync(b.vA, b.vin, 4 * b.n, cudaMemcpyDeviceToDevice));
    mark("memcpy");
}

typedef std::function<void(Buffers&, bool)> SortFn;
struct Variant { std::string name; SortFn fn; int tile; };

static bool check(Buffers& b, SortFn fn, bool pairs, int dist, unsigned seed, std::string& msg) {
    const long long n = b.n;
    fill<<<1024, 256>>>(b.kin, n, seed, dist); CKL();
    iota<<<1024, 256>>>(b.vin, n); CKL();
    cub_sort(b, true);
    poison<<<1024, 256>>>(b.kB, n); poison<<<1024, 256>>>(b.vB, n); poison<<<1024, 256>>>(b.kA, n); poison<<<1024, 256>>>(b.vA, n);
    fn(b, pairs);
    CK(cudaDeviceSynchronize());
    unsigned long long* bad; CK(cudaMalloc(&bad, 16));
    unsigned long long init[2] = {~0ull, ~0ull};
    CK(cudaMemcpy(bad, init, 16, cudaMemcpyHostToDevice));
    compare<<<1024, 256>>>(b.kB, b.refk, n, bad); CKL();
    if (pairs) compare<<<1024, 256>>>(b.vB, b.refv, n, bad + 1);
    CK(cudaDeviceSynchronize());
    unsigned long long res[2]; CK(cudaMemcpy(res, bad, 16, cudaMemcpyDeviceToHost)); CK(cudaFree(bad));
    if (res[0] == ~0ull && res[1] == ~0ull) return true;
    char buf[256];
    unsigned long long i = std::min(res[0], res[1]);
    unsigned got, want; CK(cudaMemcpy(&got, (res[0] <= res[1] ? b.kB : b.vB) + i, 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&want, (res[0] <= res[1] ? b.refk : b.refv) + i, 4, cudaMemcpyDeviceToHost));
    snprintf(buf, sizeof buf, "%s mismatch at %llu: got %08x want %08x", res[0] <= res[1] ? "key" : "value", i, got, want);
    msg = buf;
    return false;
}

static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

// Times fn: returns median total; prints median per segment name (summed over occurrences).
static double timeit(Buffers& b, SortFn fn, bool pairs, const char* label, int reps, FILE* log) {
    for (int w = 0; w < 3; ++w) fn(b, pairs);
    CK(cudaDeviceSynchronize());
    std::vector<double> totals;
    std::vector<std::vector<std::pair<std::string, float>>> all;
    Timeline tl;
    for (int r = 0; r < reps; ++r) {
        TL = &tl; tl.begin(); fn(b, pairs); TL = nullptr;
        auto segs = tl.read();
        double t = 0; for (auto& s : segs) t += s.second;
        totals.push_back(t); all.push_back(segs);
    }
    double med = median(totals);
    // per segment breakdown (median over reps, per position)
    std::string line;
    std::vector<std::pair<std::string, double>> agg;
    for (size_t i = 0; i < all[0].size(); ++i) {
        std::vector<double> v; for (auto& segs : all) v.push_back(segs[i].second);
        double m = median(v);
        bool found = false;
        for (auto& a : agg) if (a.first == all[0][i].first) { a.second += m; found = true; }
        if (!found) agg.push_back({all[0][i].first, m});
    }
    char buf[4096]; int o = snprintf(buf, sizeof buf, "%-34s n=%lld total %.4f ms |", label, b.n, med);
    for (auto& a : agg) o += snprintf(buf + o, sizeof buf - o, " %s %.4f", a.first.c_str(), a.second);
    printf("%s\n", buf); fprintf(log, "%s\n", buf);
    if (all[0].size() <= 16) {
        o = snprintf(buf, sizeof buf, "   segments:");
        for (size_t i = 0; i < all[0].size(); ++i) {
            std::vector<double> v; for (auto& segs : all) v.push_back(segs[i].second);
            o += snprintf(buf + o, sizeof buf - o, " %s=%.4f", all[0][i].first.c_str(), median(v));
        }
        printf("%s\n", buf); fprintf(log, "%s\n", buf);
    }
    return med;
}

#define V(name, fn, tile) {name, fn, tile}
int main(int argc, char** argv) {
    const char* logpath = argc > 1 ? argv[1] : "log.txt";
    FILE* log = fopen(logpath, "w");
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0)); SMS = prop.multiProcessorCount;
    printf("device %s, %d SMs, L2 %d MB\n", prop.name, SMS, prop.l2CacheSize >> 20);
    fprintf(log, "device %s, %d SMs\n", prop.name, SMS);
    std::vector<Variant> cands;
    for (const OsVariant& v : OS_VARIANTS) cands.push_back({v.name, [&v](Buffers& b, bool p) { java_os(v, b, p); }, v.threads * v.items});
    const int NC = (int)cands.size();
    if (argc > 3 && std::string(argv[2]) == "profile") {   // one sort of each of: old, candidate argv[3] (keys), n = 2^28
        const int c = atoi(argv[3]);
        Buffers b = make(1LL << 28);
        fill<<<1024, 256>>>(b.kin, b.n, 99u, 0); CKL();
        cands[c].fn(b, false); cub_sort(b, false); cands[c].fn(b, true); cub_sort(b, true);
        CK(cudaDeviceSynchronize());
        printf("profiled old, %s, cub\n", cands[c].name.c_str());
        return 0;
    }
    if (argc > 3 && std::string(argv[2]) == "small") {   // checks of candidate argv[3] at a few small sizes (for compute-sanitizer)
        const int c = atoi(argv[3]);
        int fails = 0;
        for (int pr = 0; pr < 2; ++pr) for (long long n : {(long long)cands[c].tile * 3 + 5, 100000LL}) {
            Buffers b = make(n); std::string msg;
            if (!check(b, cands[c].fn, pr, 0, 5u, msg)) { ++fails; printf("FAIL %s\n", msg.c_str()); }
            release(b);
        }
        printf("small checks of %s: %d failures\n", cands[c].name.c_str(), fails);
        return fails != 0;
    }
    std::vector<std::array<bool, 2>> ok(NC);
    // ---- correctness of every candidate against CUB (stable: values are input positions) ----
    {
        int fails = 0, runs = 0;
        for (int c = 0; c < NC; ++c) for (int pr = 0; pr < 2; ++pr) {
            ok[c][pr] = true;
            if (c != 0) continue;   // correctness of the production geometry only (the others: timing)
            const long long T = cands[c].tile;
            std::vector<long long> sizes = {1, 2, 33, T - 1, T, T + 1, 1000007, 1 << 24, 1 << 28};
            for (long long n : sizes) for (int dist = 0; dist < 5; ++dist) {
                if (n > 1000007 && dist != 0 && dist != 1 && dist != 4) continue;
                Buffers b = make(n);
                std::string msg;
                ++runs;
                if (!check(b, cands[c].fn, pr, dist, 1234u + (unsigned)n + 7u * dist, msg)) {
                    ++fails; ok[c][pr] = false;
                    printf("FAIL %s %s n=%lld dist=%d: %s\n", cands[c].name.c_str(), pr ? "pairs" : "keys", n, dist, msg.c_str());
                    fprintf(log, "FAIL %s %s n=%lld dist=%d: %s\n", cands[c].name.c_str(), pr ? "pairs" : "keys", n, dist, msg.c_str());
                }
                release(b);
            }
        }
        printf("checks: %d runs, %d failures\n", runs, fails);
        fprintf(log, "checks: %d runs, %d failures\n", runs, fails);
        fflush(log);
    }
    // ---- timing at 2^28 (and 2^24) random ----
    for (long long n : {1LL << 28}) {
        Buffers b = make(n);
        fill<<<1024, 256>>>(b.kin, n, 99u, 0); CKL();
        fill<<<1024, 256>>>(b.vin, n, 77u, 0); CKL();
        for (int pr = 0; pr < 2; ++pr) {
            const char* kind = pr ? "pairs" : "keys";
            char label[128];
            snprintf(label, sizeof label, "memcpy %s", kind); timeit(b, memcpy_run, pr, label, 15, log);
            snprintf(label, sizeof label, "cub %s", kind); double cub = timeit(b, cub_sort, pr, label, 15, log);
            snprintf(label, sizeof label, "cub64 %s", kind); timeit(b, cub_sort64, pr, label, 15, log);
            for (int c = 0; c < NC; ++c) {
                snprintf(label, sizeof label, "%s %s%s", cands[c].name.c_str(), kind, ok[c][pr] ? "" : " (FAILED CHECK)");
                double t = timeit(b, cands[c].fn, pr, label, 10, log);
                printf("   -> vs cub %.3f\n", cub / t); fprintf(log, "   -> vs cub %.3f\n", cub / t);
            }
            fflush(log);
        }
        release(b);
    }
    fclose(log);
    return 0;
}

package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.network.Algebra;
import org.entangle.network.Network;

/**
 * Histogram with even bins over [lo, hi) or explicit bin edges (GPU parallel-patterns seed, "histogram"; CUB's
 * {@code DeviceHistogram::HistogramEven/HistogramRange}). Samples are counted into privatised shared-memory
 * histograms ({@link HistogramCounting}): one per warp when warps × bins counters fit in 32 KiB (less contention on
 * skewed inputs), one per block when bins fit in 40 KiB. In these resident forms one wave of blocks splits the input
 * into equal contiguous ranges (CUB's even-share partitioning), each thread keeping {@link #ring} (option
 * {@code ring=K}) no-allocate 16-byte loads in flight, with as many threads per multiprocessor as its registers allow
 * ({@link #residentThreads}). With more bins, the bins split into chunks of at most {@link #CHUNK_BINS}, each counted
 * in shared memory by one block at a time, the chunks handing out tiles dynamically so that blocks whose chunk skewed
 * data leaves empty help the others. Blocks add their counts to the result with one atomic per nonzero bin. A
 * sample's bin ({@link HistogramBins}): even bins by exact integer arithmetic or the float scale; explicit edges
 * through an exact bucket table that a table kernel builds from the edges first (one load per sample, and one probe
 * of the edges in the buckets that hold an edge). Samples outside the range and NaN are not counted.
 *
 * <p>Where the network comes in: not in the counting (a histogram needs no scan), but in the cumulative
 * histogram {@code cdf[b] = counts[0] + ... + counts[b]} the pattern also returns, which one block computes with the
 * chosen network as the block scan over the bins, {@code width} bins at a time: in the resident forms the counting
 * block that finishes last, in the chunked form a one-block kernel after the counting.
 *
 * <p>Options: {@code bins}, {@code mode}, {@code dist}, {@code lo}, {@code hi} ({@link HistogramSpec}); {@code resident=T}
 * and {@code ring=K} (above); as comma-separated lists, one kernel per value: {@code hint=} the L2 hint of the sample
 * loads ({@link StreamLoad}: {@code none} by default, {@code evict-first}, {@code prefetch-64}, {@code prefetch-128},
 * {@code prefetch-256}); {@code bulk=S}, 0..4 (default 0): with S &gt; 0 the resident forms stream their range through
 * S shared-memory stages of 8 KiB filled by the TMA's bulk copies ({@link BulkCopyRing}, as CUB's
 * {@code DeviceTransform} streams on Hopper) instead of the ring of register loads, so that the bytes in flight are
 * not bounded by the registers the bin arithmetic leaves; the chunked form keeps its loads.
 */
public final class HistogramSource implements PatternSource {

    /** The sample types. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.FLOAT32, ElementType.FLOAT64);
    /** 16-byte vector loads per thread per tile of the chunked form. */
    public static final int VECTORS = 4;
    /** How counts are privatised. */
    public enum Privatisation { PER_WARP, PER_BLOCK, CHUNKED }

    /** The most counters one block holds in its 48 KiB of static shared memory. */
    public static final int CHUNK_BINS = 12 * 1024;
    /** Shared memory per multiprocessor the resident blocks are planned with (an H100/H200 gives 228 KiB). */
    static final int SHARED_PER_MULTIPROCESSOR = 227 * 1024;

    /**
     * One compiled configuration: sample type, number of bins (even and explicit edges are both emitted), the threads
     * per multiprocessor the resident forms run with, the loads each of their threads keeps in flight, the stages of
     * bulk copies the resident forms stream through instead (0: register loads), and the L2 hint of the sample loads.
     */
    public record Config(ElementType type, int bins, int residentThreads, int ring, int bulk, StreamLoad hint) {
        String namespace() {
            return "histogram_" + type.token() + "_" + bins + (bulk > 0 ? "_bulk_" + bulk : "") + hint.identifierSuffix();
        }

        /** For labels: empty for the default loads, else {@code , bulk=2} or {@code , hint=evict-first}. */
        public String variant() {
            return (bulk > 0 ? ", bulk=" + bulk : "") + hint.labelSuffix();
        }

        /** A key naming this configuration with a mode and a distribution. */
        public String namespaceLabel(String mode, String dist) {
            return namespace() + " " + mode + " " + dist;
        }

        /**
         * {@code (const E* in, unsigned* hist, unsigned* cdf, long long n, long long lo_bits, long long hi_bits, long long scale_bits)};
         * without {@code cdf} in the chunked form, whose cumulative histogram is {@link #cdfEntry}'s.
         */
        public String evenEntry() {
            return "entangle_" + namespace() + "_even";
        }

        /** {@code (const E* in, const E* edges, const unsigned* table, unsigned* hist, unsigned* cdf, long long n)}; without {@code cdf} in the chunked form. */
        public String rangeEntry() {
            return "entangle_" + namespace() + "_range";
        }

        /** {@code (const E* edges, unsigned* table)}: the bucket table of the edges, {@link #TABLE_ENTRIES} more than BINS, one thread each. */
        public String tableEntry() {
            return "entangle_" + namespace() + "_table";
        }

        /** {@code (const unsigned* hist, unsigned* cdf)}, one block, after the chunked form's counting. */
        public String cdfEntry() {
            return "entangle_" + namespace() + "_cdf";
        }
    }

    @Override
    public String name() {
        return "histogram";
    }

    /** The compiled configurations of the request (types × bin counts × bulk stages and load hints). */
    public List<Config> configs(PatternRequest request) {
        List<Config> out = new ArrayList<>();
        for (ElementType t : PatternCode.types(request, TYPES, TYPES, name())) {
            for (int bins : HistogramSpec.binCounts(request)) {
                for (int stages : request.intListOption(name(), "bulk", 0, 0, BulkCopyRing.MAX_STAGES)) {
                    if (stages > 0) {
                        out.add(requireSharedFits(request.network().width(), new Config(t, bins, residentThreads(request, t), ring(request, t), stages, StreamLoad.NONE)));
                        continue;
                    }
                    for (StreamLoad hint : StreamLoad.hints(request, name())) out.add(new Config(t, bins, residentThreads(request, t), ring(request, t), 0, hint));
                }
            }
        }
        return out;
    }

    /**
     * Option {@code resident=T}: threads per multiprocessor of the resident forms, 256..2048. By default as many as
     * the ring of loads fits in registers without spilling: 1024 (int32's exact 64-bit bin arithmetic takes 64
     * registers at a ring of 4; float32's ring of 6 about as many), and 768 for float64. On the H200 at 2^28 samples
     * and 256 even bins, float64 took 0.487 ms at 1024 threads and a ring of 6, against 0.518 ms at 1536 and 4; at 768
     * and 6, 0.4856 ms against 0.4883 at 1024 in the same run (0.991 and 0.985 of CUB's time).
     */
    public static int residentThreads(PatternRequest request, ElementType type) {
        return request.intOption("histogram", "resident", type == ElementType.FLOAT64 ? 768 : 1024, 256, 2048);
    }

    /** Option {@code ring=K}: 16-byte loads each thread of the resident forms keeps in flight, 1..8 (default 6 for the float types, 4 for int32). */
    public static int ring(PatternRequest request, ElementType type) {
        return request.intOption("histogram", "ring", type == ElementType.INT32 ? 4 : 6, 1, 8);
    }

    /** The counts and the bulk-copy stages of a resident form must fit a block's 48 KiB of static shared memory. */
    private static Config requireSharedFits(int width, Config c) {
        if (privatisation(width, c.bins()) == Privatisation.CHUNKED) return c;
        long bytes = countBytes(width, c.bins()) + stageBytes(c);
        if (bytes + 8L * width + 64 > 48 * 1024) {
            throw new IllegalArgumentException("histogram: bulk=" + c.bulk() + " with " + c.bins() + " bins needs " + (bytes + 1023) / 1024
                    + " KiB of shared memory a block for the counts and the stages, more than 48 KiB");
        }
        return c;
    }

    private static long countBytes(int width, int bins) {
        return 4L * chunkBins(width, bins) * (privatisation(width, bins) == Privatisation.PER_WARP ? width / 32 : 1);
    }

    private static long stageBytes(Config c) {
        return c.bulk() > 0 ? (long) c.bulk() * (BulkCopyRing.STAGE_BYTES + 8) : 0;
    }

    /** How a block of {@code width} threads privatises {@code bins} counters. */
    public static Privatisation privatisation(int width, int bins) {
        if ((long) (width / 32) * bins * 4 <= 32 * 1024) return Privatisation.PER_WARP;
        if ((long) bins * 4 <= 40 * 1024) return Privatisation.PER_BLOCK;
        return Privatisation.CHUNKED;
    }

    /** How many chunks of bins the counting splits into: 1 unless {@link Privatisation#CHUNKED}. */
    public static int chunks(int width, int bins) {
        return privatisation(width, bins) == Privatisation.CHUNKED ? (bins + CHUNK_BINS - 1) / CHUNK_BINS : 1;
    }

    /** Bins per chunk (the last chunk may hold fewer). */
    static int chunkBins(int width, int bins) {
        int chunks = chunks(width, bins);
        return (bins + chunks - 1) / chunks;
    }

    /** Entries of the bucket table beyond BINS. */
    public static final int TABLE_ENTRIES = 2;

    /**
     * Resident blocks per SM asked of the compiler: the configuration's resident threads in the resident forms, 1536
     * threads in the chunked form (40 registers).
     */
    static int minBlocks(Config config, int width) {
        int threads = privatisation(width, config.bins()) == Privatisation.CHUNKED ? 1536 : config.residentThreads();
        return Math.max(1, Math.min(32, threads / width));
    }

    /**
     * Blocks of the counting kernel that stay resident on one multiprocessor: the launch bounds' count, fewer where
     * the shared memory does not hold them (the counts, the network's exchange buffers and the per-block reservation).
     */
    public static int residentBlocks(Config config, int width) {
        int bins = config.bins();
        Privatisation p = privatisation(width, bins);
        long counts = countBytes(width, bins);
        long exchange = p == Privatisation.CHUNKED ? 0 : 8L * width + 64 + stageBytes(config);
        return (int) Math.max(1, Math.min(minBlocks(config, width), SHARED_PER_MULTIPROCESSOR / (counts + exchange + 1024)));
    }

    /**
     * 32-bit words of the counts buffer, all zeroed before counting: the BINS counts, then one tile counter per chunk
     * in the chunked form, or the resident forms' last-block ticket.
     */
    public static long countWords(int width, int bins) {
        return (long) bins + chunks(width, bins);
    }

    /** Samples of one tile of the chunked form (the unit its blocks take from a chunk's counter). */
    public static long tileItems(Network network, ElementType type) {
        return (long) network.width() * VECTORS * 16 / type.bytes();
    }

    /**
     * Blocks of the counting kernel: those that stay resident together on the device (one wave: the resident forms
     * split the input into equal ranges), no more than tiles; in the chunked form a whole number of blocks per chunk.
     */
    public static long blocks(Network network, Config config, long n, int multiprocessors) {
        int w = network.width();
        long tiles = (n + tileItems(network, config.type()) - 1) / tileItems(network, config.type());
        int chunks = chunks(w, config.bins());
        long resident = (long) multiprocessors * residentBlocks(config, w);
        if (chunks == 1) return Math.max(1, Math.min(tiles, resident));
        return Math.min(tiles, Math.max(1, resident / chunks)) * chunks;
    }

    @Override
    public String emit(PatternRequest request) {
        HistogramSpec.validate(request);
        StringBuilder sb = new StringBuilder(PatternCode.header(name(), request,
                "histogram (even bins and explicit edges), privatised counts; the network scans the counts into the cumulative histogram"));
        for (Config c : configs(request)) sb.append(unit(request.network(), c));
        return sb.toString();
    }

    /** The translation unit of one configuration alone. */
    public String emit(PatternRequest request, Config config) {
        return PatternCode.header(name(), request, "histogram of " + config.type().token() + " into " + config.bins() + " bins")
                + unit(request.network(), config);
    }

    private static String unit(Network network, Config cfg) {
        boolean exclusive = PatternCode.requireBlockScan(network, Algebra.COMMUTATIVE);
        ElementType e = cfg.type();
        int w = network.width();
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        c.line("// The network scans int counts (the cumulative histogram); the samples are E.");
        PatternCode.emitBlockScan(c, network, ElementType.INT32, ScanOperator.ADD, exclusive);
        c.line("typedef " + e.cType() + " E;");
        c.line("constexpr int THREADS = " + w + ";");
        c.line("constexpr int BINS = " + cfg.bins() + ";");
        c.line("constexpr int VEC = 16 / sizeof(E);");
        c.line("struct __align__(16) Vec { E e[VEC]; };");
        c.blank();
        HistogramBins.emit(c, e);
        c.blank();
        c.lines("""
                // The cumulative histogram, by one block: the network over THREADS bins at a time, carrying the total.
                __device__ void cumulative(const unsigned* __restrict__ hist, unsigned* __restrict__ cdf) {
                __shared__ int chunk_total;
                int carry = 0;
                for (int from = 0; from < BINS; from += THREADS) {
                const int i = from + threadIdx.x;
                const int x = i < BINS ? (int)__ldcg(hist + i) : 0;
                const int inclusive = block_scan(x);
                if (i < BINS) cdf[i] = (unsigned)(carry + inclusive);
                if (threadIdx.x == THREADS - 1) chunk_total = inclusive;
                __syncthreads();
                carry += chunk_total;
                __syncthreads();
                }
                }
                """);
        HistogramCounting.emit(c, cfg, w);
        HistogramBins.emitTableKernel(c, cfg.tableEntry());
        c.blank();
        if (privatisation(w, cfg.bins()) == Privatisation.CHUNKED) {
            c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.cdfEntry()
                    + "(const unsigned* __restrict__ hist, unsigned* __restrict__ cdf) {");
            c.line("cumulative(hist, cdf);");
            c.line("}");
        }
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}

package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.patterns.EmbeddedDeviceScan;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.SegmentedScanSource;
import org.entangle.cuda.patterns.SegmentedScanSource.Config;
import org.entangle.cuda.patterns.SegmentedScanSource.Descriptor;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * The device buffers and kernel launches of one segmented-scan application (see {@link SegmentedScanSource}):
 * inputs uploaded on creation, then the flags path (segmented scan, word head counts, the network's scan of
 * them, totals) or the heads path (flags from offsets, segmented scan, totals). Closing frees every buffer.
 */
final class SegmentedScanRun implements AutoCloseable {

    private static final int THREADS = SegmentedScanSource.THREADS;

    /** The compiled kernels of one configuration. */
    record Kernels(Config cfg, EmbeddedDeviceScan segShape, EmbeddedDeviceScan wordShape, LoadedKernel segScan, LoadedKernel wordScan,
                   LoadedKernel wordCounts, LoadedKernel flagsFromOffsets, LoadedKernel totalsFromFlags, LoadedKernel totalsFromOffsets)
            implements AutoCloseable {
        static Kernels load(Gpu gpu, NvccCompiler nvcc, PatternRequest request, Config cfg) {
            String ptx = SortMergeIo.ptx(nvcc, new SegmentedScanSource().emit(request, List.of(cfg)), gpu);
            EmbeddedDeviceScan seg = SegmentedScanSource.segmentedScan(request.network(), cfg.type());
            EmbeddedDeviceScan word = SegmentedScanSource.wordScan(request.network());
            return new Kernels(cfg, seg, word, gpu.load(ptx, seg.entry()), gpu.load(ptx, word.entry()),
                    gpu.load(ptx, SegmentedScanSource.WORD_COUNTS_ENTRY), gpu.load(ptx, SegmentedScanSource.FLAGS_FROM_OFFSETS_ENTRY),
                    gpu.load(ptx, cfg.totalsFromFlagsEntry()), gpu.load(ptx, cfg.totalsFromOffsetsEntry()));
        }

        @Override
        public void close() {
            for (LoadedKernel k : new LoadedKernel[] {segScan, wordScan, wordCounts, flagsFromOffsets, totalsFromFlags, totalsFromOffsets}) k.close();
        }
    }

    /** Device bytes for n elements (an upper bound: as many segments as elements). */
    static long bytes(long n, Kernels k) {
        long words = (n + 31) / 32;
        return 4 * n * 4 + 4 * words * 3 + k.segShape().kernel().scratchBytes(n) + k.wordShape().kernel().scratchBytes(words) + 64;
    }

    private final Kernels k;
    private final long n;
    private final long segments;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    private final DeviceBuffer values;
    private final DeviceBuffer scanned;
    private final DeviceBuffer heads;
    private final DeviceBuffer totals;
    private final DeviceBuffer offsets;
    private final DeviceBuffer scratch;
    private final DeviceBuffer wordCounts;
    private final DeviceBuffer wordStarts;
    private final DeviceBuffer wordScratch;

    SegmentedScanRun(Gpu gpu, Kernels k, SegmentedScanPattern.Inputs in) {
        this.k = k;
        this.n = in.n();
        this.segments = in.segments();
        long words = (n + 31) / 32;
        boolean flags = k.cfg().descriptor() == Descriptor.FLAGS;
        try {
            values = add(gpu.allocate(4 * n, "the values"));
            scanned = add(gpu.allocate(4 * n, "the segmented sums"));
            heads = add(gpu.allocate(4 * words, "the head flags"));
            totals = add(gpu.allocate(4 * segments, "the segment totals"));
            offsets = flags ? null : add(gpu.allocate(4 * (segments + 1), "the head pointers"));
            scratch = add(gpu.allocate(k.segShape().kernel().scratchBytes(n), "the scan's tile status"));
            wordCounts = flags ? add(gpu.allocate(4 * words, "the word head counts")) : null;
            wordStarts = flags ? add(gpu.allocate(4 * words, "the word segment numbers")) : null;
            wordScratch = flags ? add(gpu.allocate(k.wordShape().kernel().scratchBytes(words), "the word scan's tile status")) : null;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        if (in.ints() != null) SortMergeIo.upload(values, in.ints());
        else SortMergeIo.upload(values, in.floats());
        if (flags) SortMergeIo.upload(heads, in.flags());
        else SortMergeIo.upload(offsets, in.offsets());
    }

    private DeviceBuffer add(DeviceBuffer b) {
        buffers.add(b);
        return b;
    }

    DeviceBuffer values() {
        return values;
    }

    DeviceBuffer scanned() {
        return scanned;
    }

    DeviceBuffer totals() {
        return totals;
    }

    /** Fills the outputs with 0xA5 bytes. */
    void poison() {
        scanned.fill(0xA5);
        totals.fill(0xA5);
    }

    void run() {
        if (n == 0) return;
        long words = (n + 31) / 32;
        if (offsets != null) {
            heads.fill(0);
            k.flagsFromOffsets().launch(blocks(segments), THREADS, offsets, segments, heads, n);
        }
        scratch.fill(0);
        k.segScan().launch(k.segShape().kernel().blocks(n), k.segShape().kernel().blockThreads(), values, scanned, heads, n, scratch);
        if (offsets != null) {
            k.totalsFromOffsets().launch(blocks(segments), THREADS, scanned, offsets, totals, segments);
        } else {
            k.wordCounts().launch(blocks(words), THREADS, heads, wordCounts, n);
            wordScratch.fill(0);
            k.wordScan().launch(k.wordShape().kernel().blocks(words), k.wordShape().kernel().blockThreads(), wordCounts, wordStarts, words, wordScratch);
            k.totalsFromFlags().launch(blocks(n), THREADS, scanned, heads, wordStarts, totals, n);
        }
    }

    private static long blocks(long items) {
        return (items + THREADS - 1) / THREADS;
    }

    @Override
    public void close() {
        buffers.forEach(DeviceBuffer::close);
    }
}

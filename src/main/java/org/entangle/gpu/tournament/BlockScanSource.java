package org.entangle.gpu.tournament;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.LaneProgram;
import org.entangle.cuda.ScanOptions;
import org.entangle.cuda.ScanPrelude;
import org.entangle.network.Network;

/**
 * The CUDA of a block-scan tournament at one width: one kernel per candidate network and one per library
 * algorithm, in one translation unit so that one nvcc run and one module load serve them all. Every kernel loads
 * one int32 per thread, scans its block's tile {@code reps} times in place (the tile stays in registers and shared
 * memory, as CUB benchmarks {@code BlockScan}), and stores the result, so the time per launch over
 * {@code blocks × reps} is the time of one block scan. A candidate's scan is the project's lane program
 * ({@link ScanPrelude#emitNetwork}): at warp width one {@code __shfl_sync} per step; wider, a shuffle for the steps
 * that stay inside warps and a shared-memory exchange behind one barrier for the others. Between two scans of a
 * block a barrier lets the shared buffers be reused, as CUB's {@code BlockScan} requires of its temporary storage.
 * The library kernels: {@code cub::WarpScan} (warp width only) and {@code cub::BlockScan} with
 * {@code BLOCK_SCAN_RAKING}, {@code BLOCK_SCAN_RAKING_MEMOIZE} and {@code BLOCK_SCAN_WARP_SCANS}.
 */
public final class BlockScanSource {

    /** A library contender: its kernel's entry point and a description. */
    public record Library(String name, String entry, String description) {
    }

    /** A kernel of {@link #profileSource}: its entry name and either a network or a library algorithm. */
    public record Kernel(String entry, Network network, Library library) {
    }

    private BlockScanSource() {
    }

    /** The kernel entry of the candidate with index {@code i}. */
    public static String entry(int i) {
        return "tournament_candidate_" + i;
    }

    /** The library contenders at {@code width}. */
    public static List<Library> libraries(int width) {
        List<Library> list = new ArrayList<>();
        if (width == 32) list.add(new Library("cub::WarpScan", "tournament_cub_warp_scan", "cub::WarpScan<int>::InclusiveSum"));
        for (String algorithm : List.of("BLOCK_SCAN_RAKING", "BLOCK_SCAN_RAKING_MEMOIZE", "BLOCK_SCAN_WARP_SCANS")) {
            list.add(new Library("cub::BlockScan " + algorithm, "tournament_cub_" + algorithm.toLowerCase(java.util.Locale.ROOT),
                    "cub::BlockScan<int, " + width + ", cub::" + algorithm + ">::InclusiveSum"));
        }
        return list;
    }

    /** Only the candidates (indices {@code ids} into the list) and, when {@code withLibraries}, the library kernels. */
    public static String source(int width, List<Network> networks, List<Integer> ids, boolean withLibraries) {
        CodeBuilder c = new CodeBuilder();
        c.line("// Entangle's block-scan tournament at width " + width + ": int32 sum, the tile scanned reps times per launch");
        if (withLibraries) c.line("#include <cub/cub.cuh>");
        c.blank();
        for (int k = 0; k < networks.size(); k++) candidate(c, width, networks.get(k), ids.get(k), entry(ids.get(k)));
        if (withLibraries) {
            for (Library l : libraries(width)) libraryKernel(c, width, l, l.entry());
        }
        return c.toString();
    }

    /**
     * The given kernels alone, each under its own entry name (so that a profiler's report names the contender; the
     * kernels are the same as the tournament's).
     */
    public static String profileSource(int width, List<Kernel> kernels) {
        CodeBuilder c = new CodeBuilder();
        c.line("// Entangle's block-scan kernels at width " + width + " for a profiler: int32 sum, the tile scanned reps times per launch");
        if (kernels.stream().anyMatch(k -> k.library() != null)) c.line("#include <cub/cub.cuh>");
        c.blank();
        for (int k = 0; k < kernels.size(); k++) {
            Kernel kernel = kernels.get(k);
            if (kernel.network() != null) candidate(c, width, kernel.network(), k, kernel.entry());
            else libraryKernel(c, width, kernel.library(), kernel.entry());
        }
        return c.toString();
    }

    private static void candidate(CodeBuilder c, int width, Network network, int id, String entry) {
        boolean warp = width == 32;
        c.line("namespace candidate_" + id + " {");
        c.line("// " + (network.name() == null ? "candidate " + id : network.name()));
        ScanPrelude.emitAlgebra(c, ScanOptions.INT32_SUM);
        int buffers = ScanPrelude.emitNetwork(c, LaneProgram.of(network), width,
                warp ? ScanPrelude.Exchange.SHUFFLE_ONLY : ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE);
        c.line("extern \"C\" __global__ void __launch_bounds__(" + width + ") " + entry + "(const T* __restrict__ in, T* __restrict__ out, int reps) {");
        if (buffers > 0) c.line("__shared__ V exchange[2][EXCHANGE_SLOTS];");
        c.line("const int lane = threadIdx.x;");
        c.line("const long long at = (long long)blockIdx.x * " + width + " + lane;");
        c.line("V x = in[at];");
        c.line("for (int r = 0; r < reps; ++r) {");
        c.line("x = network_scan(x, lane" + (buffers > 0 ? ", exchange" : "") + ");");
        if (buffers > 0) c.line("__syncthreads();");
        c.line("}");
        c.line("out[at] = x;");
        c.line("}");
        c.line("}  // namespace candidate_" + id);
        if (buffers > 0) c.line("#undef EXCHANGE_SLOTS");
        c.blank();
    }

    private static void libraryKernel(CodeBuilder c, int width, Library l, String entry) {
        boolean warp = l.name().equals("cub::WarpScan");
        String type = warp ? "cub::WarpScan<int>" : "cub::BlockScan<int, " + width + ", cub::" + l.name().substring("cub::BlockScan ".length()) + ">";
        c.line("extern \"C\" __global__ void __launch_bounds__(" + width + ") " + entry + "(const int* __restrict__ in, int* __restrict__ out, int reps) {");
        c.line("typedef " + type + " Scan;");
        c.line("__shared__ typename Scan::TempStorage temp;");
        c.line("const long long at = (long long)blockIdx.x * " + width + " + threadIdx.x;");
        c.line("int x = in[at];");
        c.line("for (int r = 0; r < reps; ++r) {");
        c.line("Scan(temp).InclusiveSum(x, x);");
        if (!warp) c.line("__syncthreads();");
        c.line("}");
        c.line("out[at] = x;");
        c.line("}");
        c.blank();
    }
}

package org.entangle.app.discovery;

import java.util.List;
import java.util.Locale;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ScanOptions;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.ScanCheck;
import org.entangle.network.Network;

/**
 * The tour's GPU step: the discovered network as a block-wide CUDA scan kernel (int32, sum), checked on the device
 * against the host scan at 1, 7 and 1,000 tiles; skipped, saying why, where no CUDA driver or no nvcc exists.
 */
final class TourGpuCheck {

    private static final List<Long> TILES = List.of(1L, 7L, 1000L);

    private TourGpuCheck() {
    }

    /** What the check found, in one sentence. */
    static String run(Network network) throws Exception {
        GeneratedKernel kernel = CudaGenerator.block(network, ScanOptions.INT32_SUM);
        NvccCompiler nvcc = NvccCompiler.find().orElse(null);
        if (nvcc == null) return "skipped: nvcc is not installed (looked on the PATH, in $CUDA_HOME/bin and /usr/local/cuda/bin)";
        try (Gpu gpu = Gpu.open()) {
            String ptx = nvcc.ptx(kernel.source(), gpu.info().arch());
            List<Long> sizes = TILES.stream().map(t -> t * kernel.tileItems()).toList();
            List<ScanCheck.Outcome> outcomes = ScanCheck.run(gpu, kernel, ptx, sizes, 1);
            long passed = outcomes.stream().filter(ScanCheck.Outcome::passed).count();
            return String.format(Locale.ROOT, "%s: %d of %d checks passed on %s (n = %s, seed 1)", passed == outcomes.size() ? "correct"
                    : "WRONG", passed, outcomes.size(), gpu.info().describe(), sizes);
        } catch (GpuUnavailableException e) {
            return "skipped: no CUDA device here (" + e.getMessage() + ")";
        }
    }
}

package org.entangle.tournament;

/**
 * What Nsight Compute measured of one contender's block-scan kernel ({@link ProfiledKernel}), each count the mean
 * over the launches profiled of the launch's sum over the device (NaN when the profile lacks the metric). The
 * counters: shared-memory bank conflicts of loads and stores ({@code l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum},
 * {@code _op_st.sum}), shared-memory wavefronts of loads and stores ({@code l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum},
 * {@code _op_st.sum}: the passes the shared memory makes; one per warp-wide 4-byte access without conflicts), and
 * the shared load and store instructions warps executed ({@code smsp__inst_executed_op_shared_ld.sum}, {@code _st.sum}).
 * Divided by the block scans of a launch (blocks × reps) they compare with the bank model's extra cycles per block
 * scan.
 *
 * @param width           the block width
 * @param id              the contender's id
 * @param reps            block scans per block and launch
 * @param launches        launches profiled
 * @param blocks          blocks per launch ({@code launch__grid_size}); NaN when unknown
 * @param registers       registers per thread ({@code launch__registers_per_thread}); −1 when unknown
 * @param loadConflicts   bank conflicts of shared loads per launch
 * @param storeConflicts  bank conflicts of shared stores per launch
 * @param loadWavefronts  wavefronts of shared loads per launch
 * @param storeWavefronts wavefronts of shared stores per launch
 * @param sharedLoads     shared load instructions per launch (warp-level)
 * @param sharedStores    shared store instructions per launch (warp-level)
 */
public record KernelProfile(int width, String id, int reps, int launches, double blocks, int registers, double loadConflicts,
                            double storeConflicts, double loadWavefronts, double storeWavefronts, double sharedLoads, double sharedStores) {

    /** Block scans per launch: blocks × reps (NaN when the blocks are unknown). */
    public double scansPerLaunch() {
        return blocks * reps;
    }

    /** Bank conflicts of loads and stores per block scan, as ncu counts them. */
    public double conflictsPerScan() {
        return (loadConflicts + storeConflicts) / scansPerLaunch();
    }

    /**
     * Wavefronts beyond one per shared instruction, per block scan: the passes conflicts cost, from the wavefront
     * and instruction counts (NaN when either is missing).
     */
    public double excessWavefrontsPerScan() {
        return (loadWavefronts + storeWavefronts - sharedLoads - sharedStores) / scansPerLaunch();
    }

    /** Shared load and store instructions (warp-level) per block scan. */
    public double sharedAccessesPerScan() {
        return (sharedLoads + sharedStores) / scansPerLaunch();
    }
}

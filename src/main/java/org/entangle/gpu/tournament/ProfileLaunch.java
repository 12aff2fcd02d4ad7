package org.entangle.gpu.tournament;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import jcuda.Pointer;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.tournament.Entry;
import org.entangle.tournament.ProfiledKernel;
import org.entangle.tournament.WinnerReport;

/**
 * Launches chosen contenders of a block-scan tournament alone, so that a profiler such as Nsight Compute can measure
 * their kernels: the same kernels the tournament timed ({@link BlockScanSource#profileSource}), each under the name
 * {@link ProfiledKernel} gives it, launched {@code launches} times on the same input, every launch's result checked
 * against the CPU reference of the repeated scan. Nothing is timed.
 */
public final class ProfileLaunch {

    /**
     * One kernel's outcome.
     *
     * @param kernel    the profiled kernel's name and contender
     * @param registers registers per thread of the kernel
     * @param failure   why a launch went wrong (null when every launch computed the right result)
     */
    public record Outcome(ProfiledKernel kernel, int registers, String failure) {
    }

    private ProfileLaunch() {
    }

    /**
     * Compiles and launches the contenders {@code targets} of the block scan at {@code width}, {@code threads} elements
     * per launch scanned {@code reps} times per block.
     *
     * @throws GpuException when nvcc rejects the kernels or the device fails outside a launch
     */
    public static List<Outcome> run(Gpu gpu, NvccCompiler nvcc, int width, List<Entry> targets, int threads, int reps, int launches,
                                    long seed) {
        List<BlockScanSource.Kernel> kernels = new ArrayList<>();
        List<ProfiledKernel> names = new ArrayList<>();
        for (Entry e : targets) {
            ProfiledKernel name = new ProfiledKernel(width, reps, e.id());
            names.add(name);
            if (e.library()) {
                BlockScanSource.Library library = BlockScanSource.libraries(width).stream().filter(l -> l.name().equals(e.id())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(e.id() + " is no library block scan at width " + width));
                kernels.add(new BlockScanSource.Kernel(name.name(), null, library));
            } else {
                kernels.add(new BlockScanSource.Kernel(name.name(), WinnerReport.network(e), null));
            }
        }
        String ptx;
        try {
            ptx = nvcc.ptx(BlockScanSource.profileSource(width, kernels), gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new GpuException("nvcc rejected the kernels to profile at width " + width + ": " + e.getMessage(), e);
        }
        int blocks = threads / width;
        int[] input = new Random(seed).ints(threads, -1000, 1000).toArray();
        int[] expected = RepeatedScan.of(input, width, reps);
        long bytes = 4L * threads;
        List<Outcome> outcomes = new ArrayList<>();
        try (TournamentModule module = new TournamentModule(ptx);
             DeviceBuffer in = gpu.allocate(bytes, "the profile's input");
             DeviceBuffer out = gpu.allocate(bytes, "the profile's output")) {
            cuMemcpyHtoD(in.pointer(), Pointer.to(input), bytes);
            for (ProfiledKernel name : names) {
                String failure = null;
                for (int launch = 1; launch <= launches && failure == null; launch++) {
                    failure = launchAndCheck(gpu, module, name.name(), blocks, width, in, out, expected, reps);
                    if (failure != null) failure = "launch " + launch + ": " + failure;
                }
                outcomes.add(new Outcome(name, module.registers(name.name()), failure));
            }
        }
        return outcomes;
    }

    /**
     * Launches {@code entry} once and compares its output with {@code expected}: null when equal, else where it differs
     * or why the launch failed.
     */
    static String launchAndCheck(Gpu gpu, TournamentModule module, String entry, int blocks, int width, DeviceBuffer in,
                                         DeviceBuffer out, int[] expected, int reps) {
        out.fill(0xA5);
        try {
            module.launch(entry, blocks, width, in, out, reps);
            gpu.synchronize("running " + entry);
        } catch (GpuException e) {
            return "launch failed: " + e.getMessage();
        }
        int[] actual = new int[expected.length];
        cuMemcpyDtoH(Pointer.to(actual), out.pointer(), 4L * actual.length);
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != expected[i]) {
                return "wrong result: element " + i + " (block " + i / width + ", lane " + i % width + ") is " + actual[i]
                        + ", expected " + expected[i] + " after " + reps + " scans";
            }
        }
        return null;
    }
}

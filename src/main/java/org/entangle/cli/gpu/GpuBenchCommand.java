package org.entangle.cli.gpu;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cli.common.UserError;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.ScanBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle gpu-bench}: times generated kernels beside device memcpy and, with {@code --vs cub}, CUB. */
@Command(name = "gpu-bench", mixinStandardHelpOptions = true,
        description = "Benchmark generated scan kernels (CUDA events, median) against memcpy and CUB.")
public final class GpuBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    KernelChoice choice;

    @Option(names = "--sizes", paramLabel = "LIST", description = "sizes (default: " + SizeList.BENCH_DEFAULT + ")")
    String sizes = SizeList.BENCH_DEFAULT;

    @Option(names = "--vs", paramLabel = "cub", description = "also time CUB's DeviceScan (compiled with nvcc, run as a subprocess)")
    String versus;

    @Option(names = "--runs", description = "timed runs per figure (median; default 30)")
    int runs = 30;

    @Option(names = "--warmups", description = "untimed runs first (default 5)")
    int warmups = 5;

    @Option(names = "--rounds", description = "rounds of ours, memcpy and CUB in turn at each size; figures are the medians"
            + " of the rounds' medians, with their range (default 1)")
    int rounds = 1;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        if (versus != null && !versus.equals("cub")) throw new UserError("--vs " + versus + ": only 'cub' is known");
        if (runs < 20) throw new UserError("--runs must be at least 20 (the median of at least 20 runs)");
        if (rounds < 1) throw new UserError("--rounds must be at least 1");
        PrintWriter out = spec.commandLine().getOut();
        List<KernelChoice.Choice> kernels = choice.generate();
        NvccCompiler nvcc = GpuSession.nvcc();
        try (Gpu gpu = Gpu.open()) {
            List<Map<String, Object>> records = new ArrayList<>();
            if (!json) out.println("device: " + gpu.info().describe());
            for (KernelChoice.Choice c : kernels) {
                GeneratedKernel k = c.kernel();
                CubHarness cub = versus == null ? null : cubHarness(nvcc, k, gpu);
                String what = c.network().name() + " " + k.form().token() + " " + k.options().label()
                        + " (" + k.blockThreads() + " threads, " + k.tileItems() + " per tile)";
                if (!json) {
                    out.println(what + (rounds > 1 ? ", median of " + rounds + " rounds [min-max]" : ""));
                    out.println("         n   ours ms  memcpy ms    cub ms  ours GB/s  Gelem/s  vs cub  vs memcpy"
                            + (rounds > 1 ? "  ours range ms     cub range ms      vs cub range" : ""));
                }
                for (ScanBench.Row r : ScanBench.run(gpu, k, GpuSession.ptx(nvcc, k, gpu), SizeList.parse(sizes, k.tileItems()),
                        cub, warmups, runs, 1, rounds)) {
                    if (json) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("device", gpu.info().name());
                        m.put("network", c.network().name());
                        m.put("form", k.form().token());
                        m.put("options", k.options().label());
                        m.put("n", r.n());
                        m.put("ours_ms", r.kernelMs());
                        m.put("memcpy_ms", r.memcpyMs());
                        m.put("cub_ms", Double.isNaN(r.cubMs()) ? null : r.cubMs());
                        m.put("ours_gb_per_s", r.gigabytesPerSecond());
                        m.put("ours_gelements_per_s", r.gigaElementsPerSecond());
                        m.put("ratio_to_cub", Double.isNaN(r.cubMs()) ? null : r.ratioToCub());
                        m.put("ratio_to_memcpy", r.ratioToMemcpy());
                        m.put("runs", runs);
                        m.put("rounds", rounds);
                        m.put("ours_round_ms", r.kernelRounds());
                        m.put("cub_round_ms", r.cubRounds());
                        records.add(m);
                    } else {
                        out.printf(Locale.ROOT, "%10d %9.4f %10.4f %9.4f %10.1f %8.2f %7.3f %10.3f%s%n", r.n(), r.kernelMs(), r.memcpyMs(),
                                r.cubMs(), r.gigabytesPerSecond(), r.gigaElementsPerSecond(), r.ratioToCub(), r.ratioToMemcpy(),
                                rounds > 1 ? ranges(r) : "");
                    }
                }
            }
            if (json) GpuSession.printJson(out, records);
            return ExitStatus.OK;
        } catch (GpuUnavailableException e) {
            spec.commandLine().getErr().println("entangle gpu-bench: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
    }

    /** The rounds' ranges of our time, CUB's time and their ratio. */
    private static String ranges(ScanBench.Row r) {
        String cub = r.cubRounds().isEmpty() ? "          -      " : String.format(Locale.ROOT, "%.4f-%.4f", min(r.cubRounds()), max(r.cubRounds()));
        String ratio = r.cubRounds().isEmpty() ? "     -     " : String.format(Locale.ROOT, "%.3f-%.3f", min(r.roundRatios()), max(r.roundRatios()));
        return String.format(Locale.ROOT, "  %.4f-%.4f  %15s  %12s", min(r.kernelRounds()), max(r.kernelRounds()), cub, ratio);
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static CubHarness cubHarness(NvccCompiler nvcc, GeneratedKernel k, Gpu gpu) {
        try {
            return CubHarness.compile(nvcc, k.options(), gpu.info().arch());
        } catch (CudaCompileException | IllegalArgumentException e) {
            throw new UserError("CUB harness: " + e.getMessage());
        }
    }
}

package org.entangle.cli.gpu;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.ScanCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle gpu-check}: runs generated kernels on the GPU and compares them with the CPU reference. */
@Command(name = "gpu-check", mixinStandardHelpOptions = true,
        description = "Check generated scan kernels on the GPU against a CPU reference (exit 1 on any mismatch).")
public final class GpuCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    KernelChoice choice;

    @Option(names = "--sizes", paramLabel = "LIST", description = "sizes, e.g. 0,1,tile+1,2^24 (default: " + SizeList.CHECK_DEFAULT + ")")
    String sizes = SizeList.CHECK_DEFAULT;

    @Option(names = "--seed", description = "seed of the first input (default: from the clock; always printed)")
    Long seed;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<KernelChoice.Choice> kernels = choice.generate();
        NvccCompiler nvcc = GpuSession.nvcc();
        long firstSeed = seed != null ? seed : System.nanoTime();
        try (Gpu gpu = Gpu.open()) {
            boolean allPassed = true;
            List<Map<String, Object>> records = new ArrayList<>();
            if (!json) out.println("device: " + gpu.info().describe() + "; seed " + firstSeed);
            for (KernelChoice.Choice c : kernels) {
                GeneratedKernel k = c.kernel();
                String what = c.network().name() + " " + k.form().token() + " " + k.options().label();
                List<ScanCheck.Outcome> outcomes = ScanCheck.run(gpu, k, GpuSession.ptx(nvcc, k, gpu),
                        SizeList.parse(sizes, k.tileItems()), firstSeed);
                for (ScanCheck.Outcome o : outcomes) {
                    allPassed &= o.passed();
                    if (json) {
                        Map<String, Object> r = new LinkedHashMap<>();
                        r.put("device", gpu.info().name());
                        r.put("network", c.network().name());
                        r.put("form", k.form().token());
                        r.put("options", k.options().label());
                        r.put("n", o.n());
                        r.put("seed", o.seed());
                        r.put("passed", o.passed());
                        r.put("detail", o.detail());
                        records.add(r);
                    } else {
                        out.printf(Locale.ROOT, "%-4s %s n=%d seed=%d: %s%n", o.passed() ? "PASS" : "FAIL", what, o.n(), o.seed(), o.detail());
                    }
                }
            }
            if (json) GpuSession.printJson(out, records);
            return allPassed ? ExitStatus.OK : ExitStatus.WRONG;
        } catch (GpuUnavailableException e) {
            spec.commandLine().getErr().println("entangle gpu-check: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
    }
}

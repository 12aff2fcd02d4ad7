package org.entangle.cli.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.lang.Program;
import org.entangle.work.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench verify}: the target "verification of a program for N = 1..1024 under 2 s". Times the whole
 * {@code entangle verify} command in fresh JVMs (start-up, class loading and JIT warm-up included: what a user
 * waits for), then the verification alone in this JVM (its first, cold run with the CPU time the process spent on it,
 * and the median of warm runs), and prints the machine's load average before and after, since the machine may be shared.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Time 'verify' of a program for many N (default: networks/brent-kung.angel, N = 1..1024; target 2 s).")
public final class VerifyBench implements Callable<Integer> {

    /** The target, in ms. */
    static final double TARGET_MS = 2000;

    @Spec
    private CommandSpec spec;

    @Option(names = "--program", defaultValue = "networks/brent-kung.angel", description = "the program (default ${DEFAULT-VALUE})")
    private Path program;

    @Option(names = "--n", defaultValue = "1..1024", description = "the N to verify (default ${DEFAULT-VALUE})")
    private String ns;

    @Option(names = "--runs", defaultValue = "5", description = "timed runs of each kind (default ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--threads", paramLabel = "T", description = "threads of the verification (default: the number of processors)")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (runs < 1 || threads < 1) throw new UserError("--runs and --threads must be at least 1");
        Program parsed = ProgramArguments.load(program);
        List<Integer> list = ProgramArguments.ns("--n", ns);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "load average before: %.2f (%d processors)%n", loadAverage(), Runtime.getRuntime().availableProcessors());
        double[] whole = new double[runs];
        for (int i = 0; i < runs; i++) whole[i] = wholeCommand();
        Arrays.sort(whole);
        out.printf(Locale.ROOT, "entangle verify %s --n %s --threads %d (fresh JVM each run): median %.0f ms (min %.0f, max %.0f, %d runs); target %.0f ms: %s%n",
                program, ns, threads, whole[runs / 2], whole[0], whole[runs - 1], runs, TARGET_MS, whole[runs / 2] <= TARGET_MS ? "met" : "NOT met");
        long t0 = System.nanoTime();
        long cpu0 = processCpuNanos();
        Verification first = Verifier.verify(parsed, list, new CancellationToken(), threads);
        out.printf(Locale.ROOT, "in this JVM, first (cold) run: %.0f ms (process CPU %.0f ms, JIT included), %s%n", (System.nanoTime() - t0) / 1e6,
                (processCpuNanos() - cpu0) / 1e6,
                first.passed() ? "verified up to " + first.verifiedUpTo() : "fails: " + first.firstFailure().orElseThrow().message());
        Stopwatch.Result warm = Stopwatch.measure("verify, warm", 0, runs, () -> Verifier.verify(parsed, list, new CancellationToken(), threads));
        out.println(warm.format());
        out.printf(Locale.ROOT, "load average after: %.2f%n", loadAverage());
        return first.passed() ? 0 : 1;
    }

    /**
     * The class the child JVM starts: the jar's entry point (its manifest's {@code Main-Class}), as {@code java -jar}
     * would, named rather than referenced, since the entry point sits above the command line.
     */
    private static final String ENTRY_POINT = "org.entangle.Main";

    /** Milliseconds of one {@code entangle verify} in a child JVM, from its start to its exit. */
    private double wholeCommand() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"), ENTRY_POINT, "verify", program.toString(),
                "--n", ns, "--threads", Integer.toString(threads));
        long t0 = System.nanoTime();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!child.waitFor(600, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new UserError("entangle verify did not finish within 600 s");
        }
        if (child.exitValue() > 1) throw new UserError("entangle verify " + program + " failed with exit " + child.exitValue());
        return (System.nanoTime() - t0) / 1e6;
    }

    /** CPU time of this whole process (every thread, the JIT's and the collector's too); a load-independent figure. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}

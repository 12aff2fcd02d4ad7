package org.entangle.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.work.CancellationToken;

/**
 * The CUDA kernel of a deterministic program with parameter N ("from a program with parameter N: its
 * loops and parallel blocks become the kernel's structure, so one kernel serves every N"): one source whose
 * {@code int N} argument picks the segment length, from 1 to {@link #maxN()}. {@link #at(int)} gives the
 * launchable kernel at one N after checking that the ops the kernel performs there ({@link ProgramPlan#networkAt})
 * are exactly the network the language's interpreter produces ({@link ProgramInstances#at}).
 *
 * @param name    the program's name (its file name)
 * @param program the program
 * @param plan    its kernel structure
 * @param options what the kernel computes
 * @param source  the CUDA C source
 * @param maxN    the largest N
 */
public record ProgramKernel(String name, Program program, ProgramPlan plan, ScanOptions options, String source, int maxN) {

    /** The N at which the header states the program's metrics. */
    public static final int REFERENCE_N = 256;

    /**
     * Translates {@code program}; throws {@link org.entangle.lang.LangError} (located) for what has no GPU
     * translation, {@link IllegalArgumentException} when the program's result or algebra does not fit the options.
     */
    public static ProgramKernel of(String name, Program program, ScanOptions options) {
        ScanSpec spec = Machine.of(program, Map.of("N", REFERENCE_N)).resultSpec();
        if (spec.direction() != Direction.FORWARD || spec.kind() == ResultKind.REDUCE) {
            throw new IllegalArgumentException(name + " asserts " + spec + "; CUDA generation needs a forward inclusive or"
                    + " exclusive scan (--backward mirrors a forward program)");
        }
        Algebra needed = options.segmented() ? Algebra.ASSOCIATIVE
                : options.operator() == ScanOperator.ADD ? Algebra.COMMUTATIVE : Algebra.IDEMPOTENT;
        if (!servesAlgebra(program.algebra(), needed)) {
            throw new IllegalArgumentException(name + " is verified for " + program.algebra().token() + " operators only, not for "
                    + options.label());
        }
        ProgramPlan plan = ProgramTranslator.translate(program, spec);
        int valueBytes = options.segmented() ? 2 * options.type().bytes() : options.type().bytes();
        int maxN = ProgramPlan.maxN(valueBytes);
        Network reference = instance(name, program, REFERENCE_N);
        String source = ProgramKernelGenerator.generate(plan, options, spec.kind() == ResultKind.EXCLUSIVE, maxN,
                header(name, reference, options, maxN));
        return new ProgramKernel(name, program, plan, options, source, maxN);
    }

    /** The kernel at N: a block of {@link ProgramPlan#threadsFor} threads per N elements. */
    public GeneratedKernel at(int n) {
        checkN(n);
        return at(n, instance(name, program, n));
    }

    /** {@link #at(int)} given the program's network at N ({@link #networkAt}), which the kernel's steps must equal. */
    public GeneratedKernel at(int n, Network interpreted) {
        checkN(n);
        Network kernel;
        try {
            kernel = plan.networkAt(n, maxN);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(name + " at N = " + n + ": " + e.getMessage());
        }
        if (!sameOps(interpreted, kernel)) {
            throw new IllegalStateException(name + " at N = " + n + ": the kernel's steps differ from the program's network");
        }
        return new GeneratedKernel(source, ProgramKernelGenerator.ENTRY, KernelForm.PROGRAM, options,
                ProgramPlan.threadsFor(n), n, false, n);
    }

    private void checkN(int n) {
        if (n < 1 || n > maxN) {
            throw new IllegalArgumentException(name + ": N = " + n + " is outside 1.." + maxN + " (N values of "
                    + options.type().token() + " fill at most the 48 KB of shared memory of a block)");
        }
    }

    /** The program's network at N, as the interpreter runs it. */
    public Network networkAt(int n) {
        return instance(name, program, n);
    }

    /** Whether two networks have the same non-empty steps with the same ops (in any order within a step). */
    public static boolean sameOps(Network a, Network b) {
        List<List<Op>> x = normalised(a);
        List<List<Op>> y = normalised(b);
        return a.width() == b.width() && x.equals(y);
    }

    private static List<List<Op>> normalised(Network network) {
        List<List<Op>> steps = new ArrayList<>();
        for (Step s : network.steps()) {
            if (s.isEmpty()) continue;
            List<Op> ops = new ArrayList<>(s.ops());
            ops.sort(null);
            steps.add(ops);
        }
        return steps;
    }

    private static boolean servesAlgebra(Algebra declared, Algebra needed) {
        return declared == Algebra.ASSOCIATIVE || declared == needed
                || (declared == Algebra.COMMUTATIVE && needed == Algebra.IDEMPOTENT);
    }

    private static Network instance(String name, Program program, int n) {
        try {
            return ProgramInstances.at(program, n, new CancellationToken()).withName(name + " N=" + n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " at N = " + n + ": " + e.getMessage());
        }
    }

    private static String header(String name, Network reference, ScanOptions options, int maxN) {
        NetworkMetrics m = Metrics.of(reference);
        return String.join("\n",
                "// Generated by Entangle: program scan from " + name + " (one kernel for every N)",
                String.format(Locale.ROOT, "// at N = %d: %s, size %d, depth %d, steps %d, max fan-out %d, moves %d, deficiency %d",
                        REFERENCE_N, reference.spec(), m.size(), m.depth(), m.steps(), m.maxFanout(), m.moves(), m.deficiency()),
                "// computes: " + options.label() + " of every segment of N elements",
                "// launch: N as the last argument (1 <= N <= " + maxN + "); grid = ceil(n / N); block = min(1024, N rounded up to 32)"
                        + " threads; N * sizeof(V) bytes of dynamic shared memory",
                "// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu",
                "");
    }
}

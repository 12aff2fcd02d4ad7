package org.entangle.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.network.Op;
import org.entangle.work.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code entangle diff PROGRAM --example NET}: compare the network a program yields with an example network. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare a program's network at N with an example network: ops in both, only in the program,"
                + " only in the example; steps are matched modulo empty steps. For the diff-coloured diagram use"
                + " 'render PROGRAM_NETWORK --diff EXAMPLE'.%nExit 0: identical; 1: they differ; 2: bad input.")
public final class DiffCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PROGRAM", description = "the program (.angel)")
    Path program;

    @Option(names = "--example", required = true, paramLabel = "NET", description = "the example network file")
    Path example;

    @Option(names = "--n", paramLabel = "N", description = "the N to run the program at (default: the example's width)")
    Integer n;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Program parsed = ProgramArguments.load(program);
        Network theirs = NetworkArguments.load(example, null);
        int width = n == null ? theirs.width() : n;
        if (width != theirs.width()) {
            throw new UserError("--n " + width + " differs from the example's width " + theirs.width());
        }
        Network ours;
        try {
            ours = ProgramInstances.at(parsed, width, CancellationToken.withTimeout(600));
        } catch (IllegalArgumentException e) {
            throw new UserError(program + ": at N = " + width + ": " + e.getMessage());
        }
        NetworkDiff diff = NetworkDiff.of(ours, theirs);
        PrintWriter out = spec.commandLine().getOut();
        for (int s = 0; s < diff.steps().size(); s++) {
            NetworkDiff.StepDiff d = diff.steps().get(s);
            out.println("step " + s + ": " + d.common().size() + " in both" + list("only in the program", d.onlyOurs())
                    + list("only in the example", d.onlyTheirs()));
        }
        out.println(diff.identical() ? "identical modulo empty steps"
                : diff.commonCount() + " ops in both, " + diff.onlyOursCount() + " only in the program, "
                        + diff.onlyTheirsCount() + " only in the example; first difference in step " + diff.firstDifferingStep());
        return diff.identical() ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private static String list(String label, java.util.List<Op> ops) {
        return ops.isEmpty() ? "" : "; " + label + ": " + ops;
    }
}

package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.banks.BankModel;
import org.entangle.banks.ProgramAccesses;
import org.entangle.banks.ProgramBanks;
import org.entangle.banks.ProgramLanes;
import org.entangle.cli.common.UserError;
import org.entangle.lang.Program;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench banks}: the bank-conflict remap of a program at N (target: Brent–Kung at N = 1024 under
 * 10 s; the talk's Sketch took about 2 minutes): tracing the program's accesses, scoring every formula (grammar
 * and level swizzle) and, where all leave conflicts, the table search ({@link ProgramBanks#search}), with the
 * default bank model, for each N given.
 */
@Command(name = "banks", mixinStandardHelpOptions = true,
        description = "Time the bank-conflict remap search (default: networks/brent-kung.angel at N = 1024, both lane assignments;"
                + " --n 64,128,...,4096 for several N).")
public final class BanksBench implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--program", defaultValue = "networks/brent-kung.angel", description = "The program (default ${DEFAULT-VALUE}).")
    private Path program;

    @Option(names = "--n", defaultValue = "1024", split = ",", description = "N, or a comma-separated list of N (default ${DEFAULT-VALUE}).")
    private List<Integer> sizes;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(program)) throw new UserError(program + ": no such program");
        Program parsed = Program.parse(Files.readString(program));
        PrintWriter out = spec.commandLine().getOut();
        for (int n : sizes) {
            if (n < 1 || n > (1 << 16)) throw new UserError("--n " + n + ": N must be in 1..65536");
            for (ProgramLanes lanes : List.of(ProgramLanes.INDEX, ProgramLanes.COMPACT)) {
                ProgramBanks.Search s = ProgramBanks.search(ProgramAccesses.at(parsed, n), n, BankModel.DEFAULT, lanes);
                out.println("N=" + n + " " + lanes.token() + " lanes: " + s.original().extraCycles() + " -> " + s.best().extraCycles()
                        + " extra cycles (worst degree " + s.best().maxDegree() + ") with slot(i) = " + s.best().remap().toC("i")
                        + ", footprint " + s.best().remap().footprint(n) + " (" + s.candidates() + " formulas scored"
                        + (s.colouring() == null ? ")" : "; table search seed " + s.colouring().seed() + ", " + s.colouring().moves() + " moves)"));
                Stopwatch.Result r = Stopwatch.measure("banks --remap " + program.getFileName() + " N=" + n + " lanes=" + lanes.token(), 0, runs,
                        () -> ProgramBanks.search(ProgramAccesses.at(parsed, n), n, BankModel.DEFAULT, lanes));
                out.println(r.format());
            }
        }
        return 0;
    }
}

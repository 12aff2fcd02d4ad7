package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.cli.UserError;
import org.entangle.generalize.banks.BankModel;
import org.entangle.generalize.banks.ProgramAccesses;
import org.entangle.generalize.banks.ProgramBanks;
import org.entangle.generalize.banks.ProgramLanes;
import org.entangle.lang.Program;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench banks}: the bank-conflict remap of a program at N (issue #7: Brent–Kung at N = 1024, target under
 * 10 s; the talk's Sketch took about 2 minutes): tracing the program's accesses plus scoring every remap of the
 * grammar, with the default bank model.
 */
@Command(name = "banks", mixinStandardHelpOptions = true,
        description = "Time the bank-conflict remap search (default: networks/brent-kung.angel at N = 1024, both lane assignments).")
public final class BanksBench implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--program", defaultValue = "networks/brent-kung.angel", description = "The program (default ${DEFAULT-VALUE}).")
    private Path program;

    @Option(names = "--n", defaultValue = "1024", description = "N (default ${DEFAULT-VALUE}).")
    private int n;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(program)) throw new UserError(program + ": no such program");
        Program parsed = Program.parse(Files.readString(program));
        PrintWriter out = spec.commandLine().getOut();
        for (ProgramLanes lanes : List.of(ProgramLanes.INDEX, ProgramLanes.COMPACT)) {
            ProgramBanks.Search s = ProgramBanks.search(ProgramAccesses.at(parsed, n), n, BankModel.DEFAULT, lanes);
            out.println(lanes.token() + " lanes: " + s.original().extraCycles() + " -> " + s.best().extraCycles()
                    + " extra cycles with slot(i) = " + s.best().remap().toC("i") + " (" + s.candidates() + " remaps scored)");
            Stopwatch.Result r = Stopwatch.measure("banks --remap " + program.getFileName() + " N=" + n + " lanes=" + lanes.token(), 0, runs,
                    () -> ProgramBanks.search(ProgramAccesses.at(parsed, n), n, BankModel.DEFAULT, lanes));
            out.println(r.format());
        }
        return 0;
    }
}

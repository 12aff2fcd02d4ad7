package org.entangle.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.ClosedForm;
import org.entangle.generalize.Verification;
import org.entangle.generalize.variants.ProgramVariants;
import org.entangle.generalize.variants.VariantVerifier;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code entangle variant PROGRAM --to KIND}: derive a variant program, verify it, print or write it. */
@Command(name = "variant", mixinStandardHelpOptions = true,
        description = "Derive a variant of a deterministic scan program (backward, exclusive, segmented-flags,"
                + " segmented-heads, radix3, radix4) as a new program, then verify it for many N. Without -o the program goes"
                + " to standard output followed by the verification as comments.%n"
                + "Exit 0: derived and verified; 1: the derived program fails at some N; 2: bad input or the variant does not apply.")
public final class VariantCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PROGRAM", description = "the source program (.angel)")
    Path program;

    @Option(names = "--to", required = true, paramLabel = "KIND",
            description = "backward | exclusive | segmented-flags | segmented-heads | radix3 | radix4")
    String to;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the derived program here")
    Path output;

    @Option(names = "--verify", paramLabel = "NS",
            description = "the N to verify (default 1..256)")
    String verify;

    @Option(names = "--seed", defaultValue = "7", description = "seed of the segmented check's data (default ${DEFAULT-VALUE})")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProgramVariants.Variant variant = ProgramVariants.Variant.fromToken(to);
        if (variant == null) throw new UserError("--to " + to + ": expected backward, exclusive, segmented-flags, segmented-heads, radix3 or radix4");
        Program source = ProgramArguments.load(program);
        String text;
        Program derived;
        try {
            text = ProgramVariants.derive(source, variant);
            derived = Program.parse(text);
        } catch (IllegalArgumentException | LangError e) {
            throw new UserError(program + ": " + variant.token() + ": " + e.getMessage());
        }
        List<Integer> ns = verify == null ? VariantVerifier.defaultNs(256) : ProgramArguments.ns("--verify", verify);
        long t0 = System.nanoTime();
        Verification v;
        try {
            v = VariantVerifier.verify(derived, ns, seed, CancellationToken.withTimeout(600));
        } catch (LangError e) {
            throw new UserError((output == null ? "the derived " + variant.token() + " program" : output.toString()) + ":" + e.getMessage());
        } catch (SearchCancelled e) {
            throw new UserError("stopped: " + e.getMessage());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<String> summary = summary(v, ns, seconds);
        PrintWriter out = spec.commandLine().getOut();
        if (output == null) {
            out.print(text);
            for (String line : summary) out.println("// " + line);
        } else {
            try {
                Files.writeString(output, text);
            } catch (IOException e) {
                throw new UserError(output + ": cannot write (" + e.getClass().getSimpleName() + ")");
            }
            out.println("wrote " + output);
            for (String line : summary) out.println(line);
        }
        return v.passed() ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private List<String> summary(Verification v, List<Integer> ns, double seconds) {
        List<String> lines = new ArrayList<>();
        lines.add(v.passed() ? "verified for N = " + describe(ns) + " (" + ns.size() + " values)"
                : "FAILS: " + v.firstFailure().orElseThrow().message());
        lines.add("size(N) = " + v.sizeForm().map(ClosedForm::withDomain).orElse("no exact closed form")
                + ", steps(N) = " + v.stepsForm().map(ClosedForm::withDomain).orElse("no exact closed form")
                + String.format(Locale.ROOT, " (%.2f s)", seconds));
        return lines;
    }

    private static String describe(List<Integer> ns) {
        if (ns.size() <= 8) return ns.toString();
        return ns.get(0) + ".." + ns.get(ns.size() - 1);
    }
}

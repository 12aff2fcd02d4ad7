package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.ClosedForm;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.io.NetworkTextFormat;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code entangle verify PROGRAM}: run a program for every N of a range and check each network it yields. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify a program for many N: each network must be a correct scan for the program's assertion;"
                + " stops at the first failing N and fits size, depth and steps to closed forms.%n"
                + "Exit 0: every N passed; 1: a failing N; 2: bad input.")
public final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PROGRAM", description = "the program (.angel); it must be deterministic (no angels) at each N")
    Path program;

    @Option(names = "--n", paramLabel = "NS", defaultValue = "1..1024", description = "a range A..B or a list A,B,C (default ${DEFAULT-VALUE})")
    String ns;

    @Option(names = "--timeout", paramLabel = "SEC", defaultValue = "600", description = "stop after this many seconds (default ${DEFAULT-VALUE})")
    double timeout;

    @Option(names = "--threads", paramLabel = "T", description = "try this many N at once (default: the number of processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Spec
    CommandSpec spec;

    /** The widest broken network printed in the text output ({@code --json} always has it). */
    private static final int SHOWN_WIDTH = 64;

    @Override
    public Integer call() {
        if (threads < 1) throw new UserError("--threads " + threads + ": need at least 1");
        Program parsed = ProgramArguments.load(program);
        CancellationToken token = CancellationToken.withTimeout(timeout);
        long t0 = System.nanoTime();
        Verification v;
        try {
            v = Verifier.verify(parsed, ProgramArguments.ns("--n", ns), token, threads);
        } catch (SearchCancelled e) {
            throw new UserError("stopped: " + e.getMessage());
        } catch (LangError e) {
            throw new UserError(program + ":" + e.getMessage());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        var out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("passed", v.passed());
            o.put("verifiedUpTo", v.verifiedUpTo());
            o.put("tried", v.rows().size());
            v.firstFailure().ifPresent(f -> {
                ObjectNode failure = o.putObject("firstFailure").put("n", f.n()).put("message", f.message());
                if (f.check() != null) failure.put("check", f.check().failure().message());
                if (f.network() != null) failure.put("network", NetworkTextFormat.write(f.network()));
            });
            o.put("size", v.sizeForm().map(ClosedForm::toString).orElse(null));
            o.put("depth", v.depthForm().map(ClosedForm::toString).orElse(null));
            o.put("steps", v.stepsForm().map(ClosedForm::toString).orElse(null));
            v.sizeForm().ifPresent(f -> o.put("sizeFrom", f.validFrom()));
            v.depthForm().ifPresent(f -> o.put("depthFrom", f.validFrom()));
            v.stepsForm().ifPresent(f -> o.put("stepsFrom", f.validFrom()));
            o.put("seconds", Math.round(seconds * 1000) / 1000.0);
            out.println(o.toString());
        } else {
            out.println(v.passed() ? "verified for every N tried (" + v.rows().size() + " values, up to " + v.verifiedUpTo() + ")"
                    : "FAILS: " + v.firstFailure().orElseThrow().message());
            v.firstFailure().ifPresent(f -> printBroken(out, f));
            out.println("size(N)  = " + text(v.sizeForm()));
            out.println("depth(N) = " + text(v.depthForm()));
            out.println("steps(N) = " + text(v.stepsForm()) + "   (non-empty steps)");
            out.println(String.format(Locale.ROOT, "%.3f s", seconds));
        }
        return v.passed() ? ExitStatus.OK : ExitStatus.WRONG;
    }

    /** The checker's explanation of the broken network, and the network itself while it is small enough to read. */
    private static void printBroken(PrintWriter out, Verification.Failure f) {
        if (f.check() != null) out.println("checker, on the network the program wrote at N = " + f.n() + ": " + f.check().failure().message());
        if (f.network() != null && f.n() <= SHOWN_WIDTH) out.print(NetworkTextFormat.write(f.network()));
    }

    private static String text(Optional<ClosedForm> form) {
        return form.map(ClosedForm::withDomain).orElse("no exact closed form over the powers of 2, 3 or 4 tried");
    }

}

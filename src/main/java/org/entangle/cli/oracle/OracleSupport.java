package org.entangle.cli.oracle;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.entangle.cli.common.UserError;
import org.entangle.lang.LangError;
import org.entangle.work.Progress;
import org.entangle.work.ProgressListener;
import org.entangle.oracle.TraceCounter;

/** What the oracle commands share: running with program errors turned into located {@link UserError}s, and messages. */
final class OracleSupport {

    private OracleSupport() {
    }

    /** Runs {@code task}; a program error becomes a {@link UserError} prefixed with the problem's label. */
    static <T> T run(ProblemOptions.Problem problem, Supplier<T> task) {
        try {
            return task.get();
        } catch (LangError e) {
            throw new UserError(problem.label() + ":" + e.getMessage());
        }
    }

    /** Why a problem has no safe trace: the known bound when one applies, and where executions failed. */
    static String noSafeTrace(ProblemOptions.Problem problem, TraceCounter counter) {
        StringBuilder sb = new StringBuilder("no safe trace: every execution fails");
        String bound = problem.spec() == null ? null : problem.spec().knownBoundViolated();
        if (bound != null) sb.append(" (").append(bound).append(')');
        List<String> failures = counter.machine().failureSamples();
        if (!failures.isEmpty()) sb.append("; failures seen: ").append(String.join("; ", failures));
        return sb.toString();
    }

    /** A writer on {@code file}, or on {@code out} when there is no file. */
    static PrintWriter open(Path file, PrintWriter out) {
        if (file == null) return out;
        try {
            return new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UserError(file + ": cannot write (" + e.getClass().getSimpleName() + ")");
        } catch (UncheckedIOException e) {
            throw new UserError(file + ": cannot write");
        }
    }

    /** A progress listener that prints one line per report on {@code err} when {@code enabled}. */
    static ProgressListener printer(boolean enabled, PrintWriter err) {
        if (!enabled) return ProgressListener.NONE;
        return (Progress p) -> err.println(String.format(Locale.ROOT, "%.1f s: %d states, %d traces found%s, %.0f traces/s%s",
                p.seconds(), p.statesExplored(), p.tracesFound(),
                p.distinctFound() >= 0 ? " (" + p.distinctFound() + " distinct)" : "", p.ratePerSecond(),
                p.estimatedTotal() == null ? "" : ", total " + p.estimatedTotal()));
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }
}

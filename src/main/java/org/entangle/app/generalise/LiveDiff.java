package org.entangle.app.generalise;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.task.LatestJob;
import org.entangle.app.task.TaskRunner;
import org.entangle.diagram.FunctionalDiff;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.synth.Fill;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.work.CancellationToken;

/**
 * The editor's live comparison (the diff-coloured diagram updating as the user types): each refresh runs
 * the program at the example's width on a background task and diffs it with the example, by what the ops compute
 * ({@link FunctionalDiff}, the diagram's colours) and step by step ({@link NetworkDiff});
 * a newer refresh cancels the older one, and an older result that still arrives is dropped, so a stale result
 * never overwrites a newer one.
 */
final class LiveDiff {

    /** A program that runs longer than this at the example's width is reported rather than waited for. */
    static final double TIMEOUT_SECONDS = 10;

    private final LatestJob comparison;
    private final ObjectProperty<LiveResult> result = new SimpleObjectProperty<>(new LiveResult(null, null, 0, "", false));
    private CancellationToken token;

    LiveDiff(TaskRunner tasks) {
        this.comparison = new LatestJob(tasks);
    }

    /** Compares {@code source} at {@code example}'s width with {@code example}, in the background. */
    void refresh(String source, Network example) {
        comparison.cancel();
        if (token != null) token.cancel();
        if (example == null) {
            result.set(LiveResult.problem("Choose an example network to compare with."));
            return;
        }
        CancellationToken myToken = CancellationToken.withTimeout(TIMEOUT_SECONDS);
        token = myToken;
        comparison.submit("Comparing with " + example.name(), ctx -> compute(source, example, myToken),
                result::set, e -> result.set(LiveResult.problem(message(e))));
    }

    /**
     * The program's network at the example's width and its diff, or why there is none; {@code token} is polled between
     * the phases too, so that a newer refresh stops an older one after parsing and after running the program.
     */
    static LiveResult compute(String source, Network example, CancellationToken token) {
        Program program;
        try {
            program = Program.parse(source);
        } catch (LangError e) {
            return LiveResult.problem(e.getMessage());
        }
        token.throwIfCancelled();
        int holes = Fill.holes(program).size();
        if (holes > 0) {
            return new LiveResult(null, null, holes, "A sketch with " + holes + " hole" + (holes == 1 ? "" : "s")
                    + ": Synthesize fills " + (holes == 1 ? "it" : "them") + " from " + example.name() + ".", false);
        }
        Network built;
        try {
            built = ProgramInstances.at(program, example.width(), token).withName("program-" + example.width());
        } catch (RuntimeException e) {
            return LiveResult.problem("At N = " + example.width() + ": " + message(e));
        }
        token.throwIfCancelled();
        NetworkDiff d = NetworkDiff.of(built, example);
        FunctionalDiff f = FunctionalDiff.of(built, example);
        int common = f.common().cardinality();
        String text = d.identical() ? "The program at N = " + example.width() + " is identical to " + example.name() + "."
                : "At N = " + example.width() + " against " + example.name() + ": " + common + " ops compute the same (grey), "
                + (built.opCount() - common) + " only in the program (green), " + f.onlyThere().size() + " only in the example (red); "
                + "step by step " + d.commonCount() + " ops coincide, the first difference is at step " + d.firstDifferingStep() + ".";
        return new LiveResult(built, d, 0, text, false);
    }

    static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    ObjectProperty<LiveResult> resultProperty() {
        return result;
    }
}

package org.entangle.cli;

import org.entangle.lang.RunLimits;
import org.entangle.network.io.NetworkLimits;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The limits that keep a run within this machine (resources/docs/language.md, "Limits"), as options every
 * command inherits: {@code --max-width} (networks read and programs run), {@code --max-trips} and
 * {@code --max-steps} (programs run). A value below 1 is a usage error (exit status 2); a value sets the process's
 * limit ({@link NetworkLimits#setMaxWidth}, {@link RunLimits#use}) until the next command line resets them.
 */
final class LimitOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Back to the default limits (each command line starts from them). */
    static void reset() {
        NetworkLimits.setMaxWidth(NetworkLimits.DEFAULT_MAX_WIDTH);
        RunLimits.use(RunLimits.DEFAULT);
    }

    @Option(names = "--max-width", paramLabel = "W", scope = ScopeType.INHERIT,
            description = "the largest width of a network file or N of a program (default " + NetworkLimits.DEFAULT_MAX_WIDTH + ")")
    void maxWidth(int width) {
        positive("--max-width", width);
        NetworkLimits.setMaxWidth(width);
        RunLimits now = RunLimits.current();
        RunLimits.use(new RunLimits(width, now.maxTrips(), now.maxSteps()));
    }

    @Option(names = "--max-trips", paramLabel = "T", scope = ScopeType.INHERIT,
            description = "the largest trip count of a program's loop or lane range (default " + RunLimits.DEFAULT_MAX_TRIPS + ")")
    void maxTrips(int trips) {
        positive("--max-trips", trips);
        RunLimits now = RunLimits.current();
        RunLimits.use(new RunLimits(now.maxWidth(), trips, now.maxSteps()));
    }

    @Option(names = "--max-steps", paramLabel = "S", scope = ScopeType.INHERIT,
            description = "the most instructions one execution of a program runs (default " + RunLimits.DEFAULT_MAX_STEPS + ")")
    void maxSteps(long steps) {
        positive("--max-steps", steps);
        RunLimits now = RunLimits.current();
        RunLimits.use(new RunLimits(now.maxWidth(), now.maxTrips(), steps));
    }

    private void positive(String option, long value) {
        if (value < 1) throw new ParameterException(command.commandLine(), option + " " + value + ": need at least 1");
    }
}

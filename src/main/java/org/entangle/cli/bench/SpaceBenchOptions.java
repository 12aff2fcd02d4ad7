package org.entangle.cli.bench;

import org.entangle.cli.common.UserError;
import org.entangle.oracle.space.SpaceSpec;
import picocli.CommandLine.Option;

/** The space a benchmark measures: the talk's program at (n, steps, budget), (8, 6, 16) by default. */
final class SpaceBenchOptions {

    @Option(names = "--n", defaultValue = "8", description = "Width (default ${DEFAULT-VALUE}).")
    int n;

    @Option(names = "--steps", defaultValue = "6", description = "Steps (default ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--max-ops", defaultValue = "16", description = "Op budget (default ${DEFAULT-VALUE}).")
    int maxOps;

    SpaceSpec spec() {
        try {
            return SpaceSpec.talk(n, steps, maxOps);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    String label() {
        return "(n, steps, budget) = (" + n + ", " + steps + ", " + maxOps + ")";
    }
}

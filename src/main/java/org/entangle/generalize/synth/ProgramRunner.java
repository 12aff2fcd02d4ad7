package org.entangle.generalize.synth;

import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;

/**
 * Runs a filled sketch (a program without angels, so exactly one execution) at a given N with the language
 * interpreter ({@link ProgramInstances#at}) and returns the network it writes. A filling whose program is wrong
 * at N (a division by zero, an assertion that fails) is a candidate that fails there, so every error becomes an
 * {@link IllegalStateException}, which the {@link org.entangle.generalize.Verifier} reports as a failing N.
 */
public final class ProgramRunner {

    private static final CancellationToken NEVER = new CancellationToken();

    private ProgramRunner() {
    }

    /** The network {@code program} yields at {@code n}; {@link IllegalStateException} when it fails or is not deterministic. */
    public static Network network(Program program, int n) {
        if (program.hasAngels()) throw new IllegalStateException("the program is not deterministic (it has angels)");
        try {
            return ProgramInstances.at(program, n, NEVER);
        } catch (LangError | IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
    }
}

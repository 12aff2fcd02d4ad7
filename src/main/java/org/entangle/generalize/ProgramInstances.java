package org.entangle.generalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;
import org.entangle.oracle.SingleRun;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;

/**
 * Runs a program "for any N" (the talk's "program of the algorithm, works for arbitrary input size"): binds N,
 * executes it with the language's interpreter and returns the network of its one execution. A program without
 * angels runs once, straight through ({@link SingleRun}); one with angels goes through the oracle, and if it still
 * has several safe executions at N it is not an algorithm yet and is reported as such. A program with no safe
 * execution (an assertion fails) is reported as such, followed, for a program without angels, by the failure of its
 * one execution.
 */
public final class ProgramInstances {

    /** The message of a program that fails at N; for a program without angels its failure follows after ": ". */
    static final String NO_SAFE_EXECUTION = "the program has no safe execution (an assertion fails or a combination is not a scan)";

    private ProgramInstances() {
    }

    /** Stack for the oracle's thread: it recurses once per lane and per step, so N = 1024 needs a deep stack. */
    private static final long STACK_BYTES = 1L << 30;

    /**
     * Why a program yields no network at N. For a program without angels it carries the network the run wrote
     * before it failed, and whether that is the whole network (the failure was the final {@code assert
     * scan/reduce}).
     */
    public static final class NoNetwork extends IllegalArgumentException {
        private final transient Network written;
        private final boolean complete;

        NoNetwork(String message, Network written, boolean complete) {
            super(message);
            this.written = written;
            this.complete = complete;
        }

        /** The network written before the failure, or null (the oracle keeps no network of a failed search). */
        public Network written() {
            return written;
        }

        /** Whether {@link #written()} is the whole network, failing only the result assertion. */
        public boolean complete() {
            return complete;
        }
    }

    /** The network {@code program} yields at {@code n}, or {@link IllegalArgumentException} saying why none. */
    public static Network at(Program program, int n, CancellationToken cancel) {
        return program.hasAngels() ? throughOracle(program, n, cancel) : once(program, n, cancel);
    }

    /** One run of a program without angels. */
    static Network once(Program program, int n, CancellationToken cancel) {
        SingleRun.Outcome outcome = SingleRun.run(program, Map.of("N", n), cancel);
        if (outcome.safe()) return outcome.trace().network();
        throw new NoNetwork(noSafeExecution(outcome.failure()), outcome.written(), outcome.atResult());
    }

    /** The oracle's answer: the program's only safe execution at {@code n}, found by enumerating safe traces. */
    static Network throughOracle(Program program, int n, CancellationToken cancel) {
        Network[] result = new Network[1];
        RuntimeException[] failure = new RuntimeException[1];
        Thread worker = new Thread(null, () -> {
            try {
                result[0] = search(program, n, cancel);
            } catch (RuntimeException e) {
                failure[0] = e;
            } catch (StackOverflowError e) {
                failure[0] = new IllegalArgumentException("the program nests too deeply to run at N = " + n);
            }
        }, "entangle-program", STACK_BYTES);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running the program at N = " + n);
        }
        if (failure[0] != null) throw failure[0];
        return result[0];
    }

    private static Network search(Program program, int n, CancellationToken cancel) {
        Map<String, Integer> parameters = new HashMap<>();
        parameters.put("N", n);
        Machine machine = Machine.of(program, parameters);
        TraceCounter counter = new TraceCounter(machine, cancel);
        List<Trace> traces = new ArrayList<>(2);
        new TraceEnumerator(counter, false, cancel, progress -> { }).run(trace -> {
            traces.add(trace);
            return traces.size() < 2;
        });
        if (traces.isEmpty()) {
            List<String> failures = machine.failureSamples();
            boolean single = !program.hasAngels() && !failures.isEmpty();
            throw new NoNetwork(single ? noSafeExecution(failures.get(0)) : NO_SAFE_EXECUTION, null, false);
        }
        if (traces.size() > 1) {
            throw new IllegalArgumentException("the program still has angelic choices: more than one safe execution");
        }
        return traces.get(0).network();
    }

    private static String noSafeExecution(String firstFailure) {
        return firstFailure == null ? NO_SAFE_EXECUTION : NO_SAFE_EXECUTION + ": " + firstFailure;
    }
}

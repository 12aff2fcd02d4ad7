package org.entangle.generalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.oracle.CancellationToken;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;

/**
 * Runs a program "for any N" (the talk's "program of the algorithm, works for arbitrary input size"): binds N,
 * executes it with the language's interpreter and returns the network of its one execution. A program with
 * angels that still has several safe executions at N is not an algorithm yet and is reported as such; one with
 * none (an assertion fails) too.
 */
public final class ProgramInstances {

    private ProgramInstances() {
    }

    /** Stack for the interpreter's thread: it recurses once per lane and per step, so N = 1024 needs a deep stack. */
    private static final long STACK_BYTES = 1L << 30;

    /** The network {@code program} yields at {@code n}, or {@link IllegalArgumentException} saying why none. */
    public static Network at(Program program, int n, CancellationToken cancel) {
        Network[] result = new Network[1];
        RuntimeException[] failure = new RuntimeException[1];
        Thread worker = new Thread(null, () -> {
            try {
                result[0] = run(program, n, cancel);
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

    private static Network run(Program program, int n, CancellationToken cancel) {
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
            throw new IllegalArgumentException("the program has no safe execution (an assertion fails or a combination is not a scan)");
        }
        if (traces.size() > 1) {
            throw new IllegalArgumentException("the program still has angelic choices: more than one safe execution");
        }
        return traces.get(0).network();
    }
}

package org.entangle.oracle;
import org.entangle.work.SearchCancelled;
import org.entangle.work.Progress;
import org.entangle.work.ProgressListener;
import org.entangle.work.CancellationToken;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;
import org.entangle.lang.Transition;
import org.entangle.network.Network;
import org.entangle.network.Schedules;

/**
 * Streams the safe traces of a program in a fixed order (depth first, angel values ascending), never storing
 * them: memory is the path plus the count memo, which prunes every branch with no safe continuation so that
 * every path walked ends in a trace. Optionally keeps one trace per distinct network modulo schedule
 * ({@link Schedules#canonical}) and reports both counts. Cancellable; reports progress.
 */
public final class TraceEnumerator {

    /** What an enumeration saw: all safe traces visited, the distinct networks among them, and whether it was cut short. */
    public record Result(long traces, long distinct, long statesExplored, boolean complete, String stoppedBy, double seconds) {
    }

    private final TraceCounter counter;
    private final Machine machine;
    private final CancellationToken cancel;
    private final ProgressListener listener;
    private final boolean distinct;
    private final Set<Network> seen = new HashSet<>();
    private long traces;
    private long visited;
    private long start;
    private long lastReport;
    private boolean stop;

    public TraceEnumerator(TraceCounter counter, boolean distinct, CancellationToken cancel, ProgressListener listener) {
        this.counter = counter;
        this.machine = counter.machine();
        this.distinct = distinct;
        this.cancel = cancel;
        this.listener = listener;
    }

    /**
     * Visits safe traces (with {@code distinct}, only the first of each distinct network) until the visitor
     * returns false, the space is exhausted, or the token cancels.
     */
    public Result run(TraceVisitor visitor) {
        start = System.nanoTime();
        lastReport = start;
        String stoppedBy = null;
        try {
            walk(machine.initial(), new TraceBuilder(machine), visitor);
        } catch (SearchCancelled c) {
            stoppedBy = c.getMessage();
        }
        if (stop && stoppedBy == null) stoppedBy = "limit reached";
        report(true);
        return new Result(traces, distinct ? seen.size() : -1, counter.statesExplored(), stoppedBy == null, stoppedBy, seconds());
    }

    private void walk(MachineState state, TraceBuilder path, TraceVisitor visitor) {
        if (stop) return;
        if (machine.isFinal(state)) {
            emit(path.trace(state.width()), visitor);
            return;
        }
        if (counter.count(state).signum() == 0) return;
        if ((++visited & 255) == 0) {
            cancel.throwIfCancelled();
            report(false);
        }
        List<Transition> next = new ArrayList<>();
        machine.successors(state, true, next::add);
        for (Transition t : next) {
            if (stop) return;
            path.push(t);
            walk(t.next(), path, visitor);
            path.pop();
        }
    }

    private void emit(Trace trace, TraceVisitor visitor) {
        traces++;
        if (distinct && !seen.add(Schedules.canonical(trace.network()))) return;
        if (!visitor.visit(trace)) stop = true;
    }

    private void report(boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastReport < ProgressListener.INTERVAL_MILLIS * 1_000_000L) return;
        lastReport = now;
        double s = seconds();
        BigInteger total = counter.count(machine.initial());
        listener.onProgress(new Progress(counter.statesExplored(), traces, distinct ? seen.size() : -1,
                s > 0 ? traces / s : 0, total, s));
    }

    private double seconds() {
        return (System.nanoTime() - start) / 1e9;
    }
}

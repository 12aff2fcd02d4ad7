package org.entangle.oracle.space;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Streams every safe trace of a counted space, depth-first over the {@link StateGraph} with a fixed-size stack
 * per worker (bounded memory), in parallel on a {@link ForkJoinPool} over the choices of the first two steps.
 * An edge is followed only when its ops plus the fewest ops that finish from its child fit the budget left;
 * edges are sorted by that sum ({@link TraceCounts}), so the scan of a node's edges stops at the first one
 * over budget and almost every step of the walk ends in a safe trace. Cancellable; reports progress.
 */
public final class TraceEnumerator {

    /** Receives the leaves one worker reaches: the edge path from the root and the final node. */
    public interface LeafVisitor {
        void visit(int[] edgePath, int leafNode);
    }

    /**
     * Progress of an enumeration.
     *
     * @param statesExplored  nodes entered by the walk
     * @param tracesFound     safe traces visited so far
     * @param tracesPerSecond rate since the start
     * @param total           the exact number of safe traces (from the counts), the estimate of the end
     * @param seconds         time since the start
     */
    public record Progress(long statesExplored, long tracesFound, double tracesPerSecond, BigInteger total,
                           double seconds) {
        /** Estimated seconds left at the current rate. */
        public double secondsLeft() {
            return tracesPerSecond <= 0 ? Double.NaN
                    : total.subtract(BigInteger.valueOf(tracesFound)).doubleValue() / tracesPerSecond;
        }
    }

    /** The outcome: final progress, and whether the walk stopped early (cancel or time limit). */
    public record Result(Progress progress, boolean stoppedEarly) {
    }

    private static final int FLUSH_MASK = (1 << 16) - 1;

    private final TraceCounts counts;
    private final StateGraph graph;
    private final int[] minOps;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final LongAdder traces = new LongAdder();
    private final LongAdder states = new LongAdder();

    public TraceEnumerator(TraceCounts counts) {
        this.counts = counts;
        this.graph = counts.graph();
        this.minOps = new int[graph.nodeCount];
        for (int i = 0; i < minOps.length; i++) minOps[i] = counts.minOps(i);
    }

    /** Asks a running enumeration to stop; it returns soon after with what it visited. */
    public void cancel() {
        cancelled.set(true);
    }

    /** Streams every safe trace to {@code sink} (called from several threads). */
    public Result forEach(Consumer<SpaceTrace> sink, int threads, long timeLimitMillis,
                          Consumer<Progress> progress, long progressMillis) {
        return run(() -> (path, leaf) -> sink.accept(SpaceTrace.fromPath(graph, path.clone())), threads,
                timeLimitMillis, progress, progressMillis);
    }

    /**
     * Walks every safe trace, giving each worker its own visitor from {@code visitors}. Stops at
     * {@code timeLimitMillis} (0: none) or on {@link #cancel()}; calls {@code progress} every
     * {@code progressMillis} from the calling thread, and once at the end.
     */
    public Result run(Supplier<LeafVisitor> visitors, int threads, long timeLimitMillis,
                      Consumer<Progress> progress, long progressMillis) {
        long start = System.nanoTime();
        if (counts.total().signum() == 0) return new Result(progress(start), false);
        if (graph.steps == 0) {
            visitors.get().visit(new int[0], 0);
            traces.increment();
            return new Result(progress(start), false);
        }
        ForkJoinPool pool = new ForkJoinPool(Math.max(1, threads));
        try {
            ForkJoinTask<Void> task = pool.submit(new PrefixTask(new int[0], 0, counts.budget(), visitors));
            long deadline = timeLimitMillis > 0 ? start + timeLimitMillis * 1_000_000L : Long.MAX_VALUE;
            while (true) {
                long wait = Math.min(progressMillis > 0 ? progressMillis : 1000,
                        Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
                try {
                    task.get(wait, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException notYet) {
                    if (System.nanoTime() >= deadline) cancel();
                    if (progress != null && progressMillis > 0) progress.accept(progress(start));
                } catch (InterruptedException e) {
                    cancel();
                    Thread.currentThread().interrupt();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("enumeration failed", e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        Progress last = progress(start);
        if (progress != null) progress.accept(last);
        return new Result(last, cancelled.get());
    }

    private Progress progress(long start) {
        double seconds = (System.nanoTime() - start) / 1e9;
        long found = traces.sum();
        return new Progress(states.sum(), found, seconds > 0 ? found / seconds : 0, counts.total(), seconds);
    }

    /** Splits the walk over the viable choices of the first two steps, then walks each prefix alone. */
    private final class PrefixTask extends RecursiveAction {
        private final int[] prefix;
        private final int node;
        private final int budget;
        private final Supplier<LeafVisitor> visitors;

        PrefixTask(int[] prefix, int node, int budget, Supplier<LeafVisitor> visitors) {
            this.prefix = prefix;
            this.node = node;
            this.budget = budget;
            this.visitors = visitors;
        }

        @Override
        protected void compute() {
            if (prefix.length < Math.min(2, graph.steps - 1)) {
                List<PrefixTask> children = new ArrayList<>();
                for (int e = graph.edgeStart[node]; e < graph.edgeStart[node + 1]; e++) {
                    int child = graph.edgeChild[e];
                    int left = budget - graph.edgeOps[e];
                    if (minOps[child] > left) break;
                    int[] longer = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                    longer[prefix.length] = e;
                    children.add(new PrefixTask(longer, child, left, visitors));
                }
                states.add(children.size());
                invokeAll(children);
            } else {
                walk();
            }
        }

        private void walk() {
            StateGraph g = graph;
            int steps = g.steps;
            int[] edgeStart = g.edgeStart;
            int[] edgeChild = g.edgeChild;
            byte[] edgeOps = g.edgeOps;
            int[] minimum = minOps;
            LeafVisitor visitor = visitors.get();
            int[] path = java.util.Arrays.copyOf(prefix, steps);
            int[] nodeAt = new int[steps + 1];
            int[] budgetAt = new int[steps + 1];
            int[] cursor = new int[steps + 1];
            int base = prefix.length;
            nodeAt[base] = node;
            budgetAt[base] = budget;
            cursor[base] = edgeStart[node];
            long found = 0;
            long entered = 0;
            int depth = base;
            while (depth >= base) {
                int at = nodeAt[depth];
                int e = cursor[depth];
                if (e < edgeStart[at + 1]) {
                    int child = edgeChild[e];
                    int left = budgetAt[depth] - edgeOps[e];
                    if (minimum[child] <= left) {
                        cursor[depth] = e + 1;
                        path[depth] = e;
                        entered++;
                        if (depth + 1 == steps) {
                            visitor.visit(path, child);
                            if ((++found & FLUSH_MASK) == 0) {
                                traces.add(FLUSH_MASK + 1);
                                states.add(entered);
                                entered = 0;
                                if (cancelled.get()) return;
                            }
                        } else {
                            depth++;
                            nodeAt[depth] = child;
                            budgetAt[depth] = left;
                            cursor[depth] = edgeStart[child];
                        }
                        continue;
                    }
                }
                depth--;
            }
            traces.add(found & FLUSH_MASK);
            states.add(entered);
        }
    }
}

package org.entangle.cli.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * A small benchmark harness for the CLI {@code bench} command: runs a task for a warm-up period, then times a
 * number of runs with {@link System#nanoTime()} and reports the median, minimum and maximum. JIT warm-up is
 * what the speed targets mean by "after warm-up".
 */
public final class Stopwatch {

    /** The timings of one benchmark, in milliseconds. */
    public record Result(String name, int runs, double medianMs, double minMs, double maxMs) {
        public String format() {
            return String.format(Locale.ROOT, "%-40s median %9.3f ms  (min %.3f, max %.3f, %d runs)", name, medianMs, minMs, maxMs, runs);
        }
    }

    private Stopwatch() {
    }

    /**
     * Warms {@code task} up for at least {@code warmupMillis}, then times {@code runs} runs. The task's result
     * is consumed so the JIT cannot drop the work.
     */
    public static Result measure(String name, long warmupMillis, int runs, java.util.function.Supplier<?> task) {
        long sink = 0;
        long warmupEnd = System.nanoTime() + warmupMillis * 1_000_000L;
        while (System.nanoTime() < warmupEnd) {
            sink += System.identityHashCode(task.get());
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Object r = task.get();
            ms[i] = (System.nanoTime() - t0) / 1e6;
            sink += System.identityHashCode(r);
        }
        if (sink == 42) {
            System.err.print("");
        }
        Arrays.sort(ms);
        return new Result(name, runs, ms[runs / 2], ms[0], ms[runs - 1]);
    }
}

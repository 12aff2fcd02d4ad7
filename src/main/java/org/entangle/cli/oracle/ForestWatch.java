package org.entangle.cli.oracle;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import org.entangle.oracle.TraceOracle;
import org.entangle.work.CancellationToken;
import org.entangle.work.HeapAfterCollection;

/**
 * Watches an exact count on the command line while it runs. After {@value #NOTICE_SECONDS} s it says once that the
 * space is large and what to tighten; with {@code --progress} it prints the oracle's memory and the heap every two
 * seconds; and when the heap is nearly full after a collection (at least
 * {@link HeapAfterCollection#NEARLY_FULL} of the maximum
 * still live) it cancels the count, so the command ends with advice ({@link #memoryAdvice}) instead of an
 * {@link OutOfMemoryError} after minutes. Close it when the count ends.
 */
final class ForestWatch implements AutoCloseable {

    static final double NOTICE_SECONDS = 3;
    private static final long POLL_MILLIS = 100;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "count-watch");
        t.setDaemon(true);
        return t;
    });
    private final long t0 = System.nanoTime();
    private volatile boolean lowMemory;

    ForestWatch(String command, TraceOracle oracle, CancellationToken token, boolean progress, PrintWriter err) {
        this(command, oracle::memory, token, progress, err, HeapAfterCollection::fill);
    }

    /** A watch that reads the share of the heap live after the latest collection from {@code heapFill}. */
    ForestWatch(String command, Supplier<String> memory, CancellationToken token, boolean progress, PrintWriter err, DoubleSupplier heapFill) {
        timer.schedule(() -> say(err, String.format(Locale.ROOT,
                "entangle %s: a large space (%.0f s in: %s). The exact count may take minutes; to finish sooner, "
                        + "tighten --max-ops or --steps (or the program's bounds), or stop it with --timeout SECONDS.",
                command, seconds(), memory.get())), (long) (NOTICE_SECONDS * 1000), TimeUnit.MILLISECONDS);
        timer.scheduleAtFixedRate(() -> {
            if (!lowMemory && heapFill.getAsDouble() >= HeapAfterCollection.NEARLY_FULL) {
                lowMemory = true;
                token.cancel();
            }
        }, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (progress) {
            timer.scheduleAtFixedRate(() -> {
                Runtime rt = Runtime.getRuntime();
                say(err, String.format(Locale.ROOT, "%.0f s: %s, heap %,d MB of %,d MB", seconds(), memory.get(),
                        (rt.totalMemory() - rt.freeMemory()) >> 20, rt.maxMemory() >> 20));
            }, 2, 2, TimeUnit.SECONDS);
        }
    }

    /** Whether the count was stopped because the heap was nearly full. */
    boolean stoppedForMemory() {
        return lowMemory;
    }

    /** What to do when the count was {@linkplain #stoppedForMemory stopped for memory}. */
    static String memoryAdvice() {
        return String.format(Locale.ROOT, "the space is too large for this heap (%,d MB): tighten --max-ops or --steps "
                + "(or the program's bounds), or give Java more memory (java -Xmx…)", Runtime.getRuntime().maxMemory() >> 20);
    }

    private double seconds() {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static void say(PrintWriter err, String line) {
        err.println(line);
        err.flush();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

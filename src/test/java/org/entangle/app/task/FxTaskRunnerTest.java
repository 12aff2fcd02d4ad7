package org.entangle.app.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Jobs run off the UI thread and report on it; the status bar shows the latest running job's status; a failed or
 * cancelled job's memory is collected before its outcome arrives.
 */
@UiTest
class FxTaskRunnerTest {

    @Test
    void jobsRunOffTheUiThreadAndReportOnIt() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        List<Boolean> ranOnUiThread = new CopyOnWriteArrayList<>();
        List<Boolean> reportedOnUiThread = new CopyOnWriteArrayList<>();
        CountDownLatch reported = new CountDownLatch(2);
        WaitForAsyncUtils.asyncFx(() -> {
            runner.submit("done", c -> ranOnUiThread.add(Platform.isFxApplicationThread()), r -> {
                reportedOnUiThread.add(Platform.isFxApplicationThread());
                reported.countDown();
            }, e -> { });
            runner.submit("failed", c -> {
                ranOnUiThread.add(Platform.isFxApplicationThread());
                throw new IllegalStateException("no");
            }, r -> { }, e -> {
                reportedOnUiThread.add(Platform.isFxApplicationThread() && e.getMessage().equals("no"));
                reported.countDown();
            });
        }).get();
        assertTrue(reported.await(10, TimeUnit.SECONDS), "the jobs did not both report");
        assertEquals(List.of(false, false), ranOnUiThread);
        assertEquals(List.of(true, true), reportedOnUiThread);
        runner.shutdown();
    }

    @Test
    void whenTheLatestJobEndsTheOneBeforeShowsItsStatusAgain() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        CountDownLatch endSearch = new CountDownLatch(1);
        CountDownLatch endProbe = new CountDownLatch(1);
        WaitForAsyncUtils.asyncFx(() -> runner.submit("Search", c -> {
            c.progress("3 states", 0.25);
            return endSearch.await(30, TimeUnit.SECONDS);
        }, r -> { }, e -> { })).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.messageProperty().get().equals("Search: 3 states"));

        WaitForAsyncUtils.asyncFx(() -> runner.submit("Probe", c -> endProbe.await(30, TimeUnit.SECONDS), r -> { }, e -> { })).get();
        assertEquals("Probe", runner.messageProperty().get(), "the latest job shows");
        assertEquals(-1, runner.fractionProperty().get());

        endProbe.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.messageProperty().get().equals("Search: 3 states"));
        assertEquals(0.25, runner.fractionProperty().get());
        assertTrue(runner.busyProperty().get());

        endSearch.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !runner.busyProperty().get());
        runner.shutdown();
    }

    @Test
    void afterShutdownNothingStarts() {
        FxTaskRunner runner = new FxTaskRunner();
        runner.shutdown();
        List<String> ran = new CopyOnWriteArrayList<>();
        RunningJob late = runner.submit("late", c -> ran.add("late"), r -> { }, e -> { });
        assertTrue(late.isDone(), "a job submitted after shutdown counts as running");
        assertEquals(List.of(), ran);
    }

    @Test
    void aJobCanSearchALongExecution() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        String program = "N = 4\nfor k in 1 .. 20000 {\n  parallel r in 0 .. N - 1 { x[r] = x[r] }\n}\nassert scan(x)\n";
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> runner.submit("Count", c -> new org.entangle.oracle.TraceCounter(
                org.entangle.lang.Machine.of(org.entangle.lang.Program.parse(program), java.util.Map.of()),
                new org.entangle.work.CancellationToken()).countAll(), outcome::complete, outcome::complete)).get();
        Object result = outcome.get(120, TimeUnit.SECONDS);
        assertEquals(java.math.BigInteger.ZERO, result, "a 20,000-step execution that is no scan: " + result);
        runner.shutdown();
    }

    /**
     * A job that fails, and one cancelled, each leave a memo of about 40 % of the heap, reachable only from its own
     * stack: by the time the outcome is delivered it is collected (its weak reference cleared, the heap back near
     * where it was), without the test asking for a collection.
     */
    @Test
    void aFailedOrACancelledJobGivesItsMemoryBack() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        for (boolean cancel : List.of(false, true)) {
            System.gc();
            long before = used();
            java.lang.ref.WeakReference<?>[] memo = new java.lang.ref.WeakReference<?>[1];
            CountDownLatch filled = new CountDownLatch(1);
            CountDownLatch stop = new CountDownLatch(1);
            CompletableFuture<Long> usedAtOutcome = new CompletableFuture<>();
            RunningJob job = WaitForAsyncUtils.asyncFx(() -> runner.submit("Search", c -> {
                List<long[]> tables = new java.util.ArrayList<>();
                long share = (long) (0.4 * Runtime.getRuntime().maxMemory());
                for (long bytes = 0; bytes < share; bytes += 64L << 20) tables.add(new long[8 << 20]);
                memo[0] = new java.lang.ref.WeakReference<>(tables);
                filled.countDown();
                stop.await(30, TimeUnit.SECONDS);
                if (!c.isCancelled()) throw new IllegalStateException("out of memory for the memo");
                return tables.size();
            }, r -> usedAtOutcome.complete(used()), e -> usedAtOutcome.complete(used()))).get();
            assertTrue(filled.await(30, TimeUnit.SECONDS), "the memo was not filled");
            if (cancel) job.cancel();
            stop.countDown();
            long at = usedAtOutcome.get(60, TimeUnit.SECONDS);
            String what = cancel ? "cancelled" : "failed";
            assertEquals(null, memo[0].get(), "the " + what + " job's memo is still in the heap");
            assertTrue(at - before < 0.2 * Runtime.getRuntime().maxMemory(), "the " + what + " job left "
                    + (at - before) / 1_000_000 + " MB in use");
        }
        runner.shutdown();
    }

    private static long used() {
        return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
    }
}

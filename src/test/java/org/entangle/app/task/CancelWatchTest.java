package org.entangle.app.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import org.entangle.work.Failures;
import org.entangle.work.SearchCancelled;
import org.junit.jupiter.api.Test;

/** The watch stops a search for the user's Cancel, and for a heap nearly full after a collection, but not for one with room. */
class CancelWatchTest {

    private static final AtomicBoolean NOT_CANCELLED = new AtomicBoolean();

    private static JobContext context(AtomicBoolean cancelled) {
        return new JobContext() {
            @Override
            public void progress(String message, double fraction) {
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }
        };
    }

    /** A heap reading that follows {@code pattern} (repeated) and counts down {@code polls} as it is read. */
    private static DoubleSupplier heap(double[] pattern, CountDownLatch polls) {
        AtomicInteger reads = new AtomicInteger();
        return () -> {
            polls.countDown();
            return pattern[reads.getAndIncrement() % pattern.length];
        };
    }

    @Test
    void aHeapNearlyFullAfterACollectionStopsTheSearchAndSaysSo() throws Exception {
        CountDownLatch polls = new CountDownLatch(1);
        try (CancelWatch watch = new CancelWatch(context(NOT_CANCELLED), heap(new double[] {0.5, 0.86}, polls))) {
            assertTrue(waitFor(() -> watch.token().isCancelled()), "the token is cancelled");
            assertTrue(watch.stoppedForMemory());
        }
        String advice = CancelWatch.lowMemoryAdvice();
        assertTrue(advice.contains("start the workbench with more memory: java -Xmx") || advice.contains("no more memory to give"), advice);
    }

    @Test
    void aHeapWithRoomAfterItsCollectionsLetsItRun() throws Exception {
        CountDownLatch polls = new CountDownLatch(6);
        try (CancelWatch watch = new CancelWatch(context(NOT_CANCELLED), heap(new double[] {0.0, 0.5, 0.84}, polls))) {
            assertTrue(polls.await(30, TimeUnit.SECONDS), "the watch keeps reading the heap");
            assertFalse(watch.token().isCancelled(), "never " + CancelWatch.LOW_MEMORY_FILL + " in use after a collection");
            assertFalse(watch.stoppedForMemory());
        }
    }

    @Test
    void theUsersCancelStopsItWithoutBlamingMemory() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        CountDownLatch polls = new CountDownLatch(2);
        try (CancelWatch watch = new CancelWatch(context(cancelled), heap(new double[] {0.2}, polls))) {
            assertTrue(polls.await(30, TimeUnit.SECONDS));
            assertFalse(watch.token().isCancelled());
            cancelled.set(true);
            assertTrue(waitFor(() -> watch.token().isCancelled()));
            assertFalse(watch.stoppedForMemory());
        }
    }

    /** A search that polls its token until it is cancelled, as the oracle does. */
    private static String searchUntilCancelled(org.entangle.work.CancellationToken token) {
        while (true) {
            token.throwIfCancelled();
            Thread.onSpinWait();
        }
    }

    @Test
    void aCallStoppedForMemoryEndsInTheAdviceNotAsCancelled() {
        Failures.Advice advice = assertThrows(Failures.Advice.class, () -> CancelWatch.call(context(NOT_CANCELLED),
                heap(new double[] {0.9}, new CountDownLatch(1)), CancelWatchTest::searchUntilCancelled));
        assertEquals(CancelWatch.lowMemoryAdvice(), advice.getMessage());
    }

    @Test
    void aCallTheUserCancelsEndsAsCancelled() {
        assertThrows(SearchCancelled.class, () -> CancelWatch.call(context(new AtomicBoolean(true)),
                heap(new double[] {0.2}, new CountDownLatch(1)), CancelWatchTest::searchUntilCancelled));
    }

    private static boolean waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(10);
        }
        return true;
    }
}

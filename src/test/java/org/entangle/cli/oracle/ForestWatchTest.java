package org.entangle.cli.oracle;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/** The count's watch stops a count whose heap fills up, and says early what to tighten in a large space. */
class ForestWatchTest {

    @Test
    void aNearlyFullHeapCancelsTheCountAndSaysWhy() throws InterruptedException {
        CancellationToken token = new CancellationToken();
        try (ForestWatch watch = new ForestWatch("count", () -> "7 trees", token, false, new PrintWriter(new StringWriter()), () -> 0.9)) {
            for (int i = 0; i < 50 && !token.isCancelled(); i++) Thread.sleep(20);
            assertTrue(token.isCancelled());
            assertTrue(watch.stoppedForMemory());
        }
        assertTrue(ForestWatch.memoryAdvice().contains("--max-ops"), ForestWatch.memoryAdvice());
    }

    @Test
    void aLongCountSaysWithinSecondsWhatToTightenAndRoomyHeapsAreLeftAlone() throws InterruptedException {
        CancellationToken token = new CancellationToken();
        StringWriter err = new StringWriter();
        try (ForestWatch watch = new ForestWatch("count", () -> "7 trees", token, false, new PrintWriter(err, true), () -> 0.5)) {
            Thread.sleep((long) (ForestWatch.NOTICE_SECONDS * 1000) + 500);
            assertFalse(token.isCancelled());
            assertFalse(watch.stoppedForMemory());
        }
        String said = err.toString();
        assertTrue(said.contains("a large space") && said.contains("7 trees") && said.contains("--max-ops") && said.contains("--timeout"), said);
    }
}

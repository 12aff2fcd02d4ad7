package org.entangle.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/**
 * {@link Failures}: a failure is told in whole sentences with a remedy fitting its causes, its details list every
 * cause's message before the stack trace, and the memory advice is complete.
 */
class FailuresTest {

    @Test
    void theSummaryIsWholeSentencesWithARemedy() {
        String summary = Failures.summary("Opening a.json", new UncheckedIOException(new NoSuchFileException("a.json")));
        assertTrue(summary.startsWith("Opening a.json failed: "), summary);
        assertTrue(summary.endsWith("Check the file's name and folder, then try again."), summary);
        String located = Failures.summary("Opening p.angel", new IllegalArgumentException("p.angel:3:7: expected ')'"));
        assertEquals("Opening p.angel failed: p.angel:3:7: expected ')'. Correct the place named and try again.", located);
        String json = Failures.summary("Opening w.entangle.json", new IOException("line 2, column 18: expected a string"));
        assertEquals("Opening w.entangle.json failed: line 2, column 18: expected a string. Correct the place named and try again.", json);
        String memory = Failures.summary("Asking the angels", new IllegalStateException("worker", new OutOfMemoryError("Java heap space")));
        assertTrue(memory.contains(" Start the workbench with more memory: java -Xmx") && memory.endsWith("g -jar entangle.jar.")
                || memory.endsWith(" This machine has no more memory to give the workbench."), memory);
    }

    @Test
    void adviceIsToldAsItIs() {
        String advice = Failures.memoryAdvice(4_000_000_000L);
        assertTrue(advice.startsWith("The search needs more memory than the workbench's 4.0 GB. Try a smaller N or tighter asserts"), advice);
        assertTrue(advice.endsWith(".") && !advice.contains("…"), advice);
        assertEquals("Asking the angels failed: " + advice, Failures.summary("Asking the angels", new Failures.Advice(advice)));
    }

    @Test
    void theDetailsHoldEveryCausesMessageOutermostFirst() {
        Throwable cause = new IllegalStateException("could not save", new IOException("disk full", new RuntimeException("quota")));
        String details = Failures.details(cause);
        int first = details.indexOf("1. IllegalStateException: could not save");
        int second = details.indexOf("2. IOException: disk full");
        int third = details.indexOf("3. RuntimeException: quota");
        assertTrue(first >= 0 && first < second && second < third, details);
        assertTrue(details.indexOf("Stack trace:") > third, details);
        assertEquals(3, Failures.chain(cause).size());
    }

    @Test
    void sentencesStartWithACapitalAndEndWithAStop() {
        assertEquals("Cancelled.", Failures.sentence("cancelled"));
        assertEquals("Done!", Failures.sentence("done!"));
    }
}

package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The renderer's warm-up names a class this JavaFX has (a JavaFX upgrade that renames Marlin's engine fails here
 * rather than silently losing the warm-up), and runs on a daemon thread, which never keeps the JVM alive.
 */
class RendererWarmupTest {

    @Test
    void initialisesMarlinsEngineOfThisJavaFx() {
        assertTrue(RendererWarmup.initialise(), RendererWarmup.MARLIN_ENGINE + " not found in this JavaFX");
    }

    @Test
    void warmsUpOnADaemonThreadThatEnds() throws InterruptedException {
        Thread thread = RendererWarmup.start();
        assertTrue(thread.isDaemon(), "the warm-up thread would keep the JVM alive");
        thread.join(10_000);
        assertFalse(thread.isAlive(), "the warm-up did not end within 10 s");
    }
}

package org.entangle.app;

/**
 * Initialises, on a thread of its own while the JavaFX toolkit starts, what the renderer's first frame would otherwise
 * initialise on the render thread while the UI thread waits for that frame (issue #6: the first frame is the window's
 * first content, and the UI thread's longest wait of the start). Marlin's rasteriser, which Prism's software and ES2
 * pipelines use to fill every path, builds and links some thirty strings describing its settings in its static
 * initialiser: 7 ms of the first frame's 70 on the 2-core dev box (async-profiler, 0.5 ms samples of the render
 * thread). Initialising a class runs only its static initialiser, once, on whichever thread asks first; a JavaFX
 * without that class (another version on the module path) is left to initialise what it has when it needs it.
 */
final class RendererWarmup {

    /** The class whose static initialiser runs early: Marlin's rendering engine in Prism. */
    static final String MARLIN_ENGINE = "com.sun.marlin.DMarlinRenderingEngine";

    private RendererWarmup() {
    }

    /** Starts the warm-up on a daemon thread and returns that thread. */
    static Thread start() {
        Thread thread = new Thread(RendererWarmup::initialise, "entangle-renderer-warmup");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Initialises {@link #MARLIN_ENGINE}; whether this JavaFX has it. */
    static boolean initialise() {
        try {
            Class.forName(MARLIN_ENGINE, true, RendererWarmup.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}

package org.entangle.work;

/**
 * Gives back the memory of a search that failed or was cancelled. A search's memo tables (the talk's N = 16 program
 * filled gigabytes) become garbage when it ends, but nothing collects garbage while the workbench is idle, and the
 * heap, grown to hold them, stays as large: the process keeps the gigabytes. A full collection then frees them and
 * lets the collector shrink the heap back. It stops every thread for a moment, so it runs only when more than
 * {@link #FILL} of the maximum heap is in use.
 */
public final class MemoryRelease {

    /** The share of the maximum heap in use above which a failed or cancelled search's memory is collected. */
    public static final double FILL = 0.25;

    private MemoryRelease() {
    }

    /** Collects the garbage, shrinking the heap, when more than {@link #FILL} of it is in use; says whether it did. */
    public static boolean afterSearch() {
        Runtime runtime = Runtime.getRuntime();
        if (runtime.totalMemory() - runtime.freeMemory() <= FILL * runtime.maxMemory()) return false;
        System.gc();
        return true;
    }
}

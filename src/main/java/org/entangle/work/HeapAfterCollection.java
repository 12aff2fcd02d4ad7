package org.entangle.work;

import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * How full the heap is after the latest garbage collection: the memory in use right after it (what was live then),
 * as a share of the maximum heap. Unlike the heap's current use, which counts garbage not yet collected, this says
 * whether a job is running out of memory. Read from the collectors' last-collection reports
 * ({@code com.sun.management.GarbageCollectorMXBean#getLastGcInfo}): with G1 its young collections report every
 * generation, with Shenandoah its cycles do (its pauses report nothing, so reports of an empty heap are skipped).
 */
public final class HeapAfterCollection {

    /**
     * The share of the maximum heap still in use after a collection at which the heap counts as nearly full: a search
     * should stop there, before full collections of several seconds each and an {@link OutOfMemoryError}.
     */
    public static final double NEARLY_FULL = 0.85;

    private HeapAfterCollection() {
    }

    /** The share of the maximum heap in use after the latest collection; 0 before the first. */
    public static double fill() {
        long latestEnd = -1;
        long used = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(collector instanceof com.sun.management.GarbageCollectorMXBean reporting)) continue;
            GcInfo last = reporting.getLastGcInfo();
            if (last == null || last.getEndTime() <= latestEnd) continue;
            long after = 0;
            for (MemoryUsage pool : last.getMemoryUsageAfterGc().values()) after += pool.getUsed();
            if (after == 0) continue;
            latestEnd = last.getEndTime();
            used = after;
        }
        return used / (double) Runtime.getRuntime().maxMemory();
    }
}

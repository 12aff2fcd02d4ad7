package org.entangle.launch;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How long this process has run, for the start-up lines that {@code --exit-when-shown} prints (issue #6). On Linux from
 * {@code /proc} (proc(5): {@code /proc/self/stat}'s {@code starttime} and {@code /proc/uptime}, both counted from the
 * boot, to a clock tick): {@link ProcessHandle.Info#startInstant()} adds the start to the boot time, which Linux gives
 * in whole seconds, so its figure was up to a second too high (0.92 s in one start). Elsewhere, the JVM's own start.
 */
public final class ProcessClock {

    /** Clock ticks per second in {@code /proc} ({@code USER_HZ}, 100 on every Linux architecture Java runs on). */
    static final int USER_HZ = 100;

    private ProcessClock() {
    }

    /** Milliseconds since this process started. */
    public static long millisSinceStart() {
        try {
            return millisSinceStart(Files.readString(Path.of("/proc/self/stat")), Files.readString(Path.of("/proc/uptime")));
        } catch (IOException | RuntimeException e) {
            return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        }
    }

    /**
     * The milliseconds from a process's start to the moment {@code uptime} was read, from its {@code /proc/PID/stat}
     * line ({@code starttime} is its 22nd field; the 2nd, the command's name in parentheses, may hold spaces) and
     * {@code /proc/uptime}'s text (seconds since boot, then idle seconds).
     */
    static long millisSinceStart(String stat, String uptime) {
        String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long startTicks = Long.parseLong(afterName[22 - 3]);
        double upSeconds = Double.parseDouble(uptime.trim().split(" ")[0]);
        return Math.round(upSeconds * 1000) - startTicks * 1000 / USER_HZ;
    }
}

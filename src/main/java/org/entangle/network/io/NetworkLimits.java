package org.entangle.network.io;

import java.util.Locale;

/**
 * The largest network a reader accepts, checked before anything of that size is allocated: the largest width
 * ({@value #DEFAULT_MAX_WIDTH} wires unless raised, e.g. by the command line's {@code --max-width}), and the memory
 * a network of that width needs to be checked (about {@value #BYTES_PER_WIRE} bytes a wire: the symbolic value
 * of every wire and the checker's per-wire tables), compared with what the Java heap has left. A file past either
 * limit is a {@link NetworkFormatException} at its {@code "width"}, never an {@link OutOfMemoryError}.
 */
public final class NetworkLimits {

    /** The largest width unless raised: 2^20 wires, far past a GPU block's scan. */
    public static final int DEFAULT_MAX_WIDTH = 1 << 20;

    /** The estimated memory a wire needs while a network is validated and checked. */
    public static final int BYTES_PER_WIRE = 64;

    private static volatile int maxWidth = DEFAULT_MAX_WIDTH;

    private NetworkLimits() {
    }

    /** The largest width readers accept now. */
    public static int maxWidth() {
        return maxWidth;
    }

    /** Sets the largest width readers accept (at least 1). */
    public static void setMaxWidth(int width) {
        if (width < 1) throw new IllegalArgumentException("the largest width must be at least 1, got " + width);
        maxWidth = width;
    }

    /** The bytes the Java heap can still grow by: its maximum less what is in use. */
    public static long availableBytes() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    /**
     * Why {@code width} wires are too many, or null when they are not: more than {@code limit}, or more memory
     * ({@code bytesPerWire} each) than the heap has left. {@code option} names the option that raises the limit.
     */
    public static String problem(long width, long limit, long bytesPerWire, String option) {
        if (width > limit) {
            return "width " + width + " is more than the largest width " + limit + " (raise it with " + option + ")";
        }
        long needed = width * bytesPerWire;
        long available = availableBytes();
        if (needed > available) {
            return "width " + width + " needs about " + megabytes(needed) + " of memory, more than the " + megabytes(available)
                    + " this run has left (give Java more with -Xmx)";
        }
        return null;
    }

    /** {@code bytes} in whole megabytes (MB = 2^20 bytes). */
    public static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
    }
}

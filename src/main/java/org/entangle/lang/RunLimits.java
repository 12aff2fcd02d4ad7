package org.entangle.lang;

import org.entangle.network.io.NetworkLimits;

/**
 * The limits a run of a program stays within, so that a program too large for this machine stops with a
 * {@link LangError} at the statement that would pass them (resources/docs/language.md, "Limits") instead of
 * running out of stack, memory or time:
 * <ul>
 *   <li>{@code maxWidth}: the largest N, the width of x ({@link NetworkLimits#DEFAULT_MAX_WIDTH} unless raised);
 *       before x is created its memory, about {@value #BYTES_PER_ELEMENT} bytes an element, is also compared with
 *       what the Java heap has left;</li>
 *   <li>{@code maxTrips}: the largest trip count of one {@code for} loop and the most lanes of one {@code parallel}
 *       block;</li>
 *   <li>{@code maxSteps}: the most instructions one execution runs at the top level (a block is one instruction,
 *       a loop's every trip another), which bounds the length of a trace and the depth of the oracle's walk.</li>
 * </ul>
 * {@link Machine} checks what it can before it runs (a loop with constant bounds, N given as a constant or a
 * parameter, nested constant loops whose trips multiply past {@code maxSteps}) and the rest as it runs. The
 * command line raises them with {@code --max-width}, {@code --max-trips} and {@code --max-steps}.
 *
 * @param maxWidth the largest N
 * @param maxTrips the largest trip count of a loop or lane range
 * @param maxSteps the most top-level instructions of one execution
 */
public record RunLimits(int maxWidth, int maxTrips, long maxSteps) {

    /** The largest trip count unless raised. */
    public static final int DEFAULT_MAX_TRIPS = 1_000_000;

    /** The most top-level instructions of one execution unless raised. */
    public static final long DEFAULT_MAX_STEPS = 500_000L;

    /** The estimated memory of one element of x in a run: its symbolic value, its slot and its share of state copies. */
    public static final int BYTES_PER_ELEMENT = 64;

    /**
     * The limits unless raised: 2^20 wires, a million trips, half a million instructions (the oracle's depth-first
     * walk of an execution that long fits the command line's 1 GB stack).
     */
    /**
     * The stack a thread needs to search an execution of {@link #DEFAULT_MAX_STEPS} instructions: the oracle walks
     * executions depth first, about 2 KB of stack per instruction. Threads that run searches are made with it.
     */
    public static final long SEARCH_STACK_BYTES = 1L << 30;

    public static final RunLimits DEFAULT = new RunLimits(NetworkLimits.DEFAULT_MAX_WIDTH, RunLimits.DEFAULT_MAX_TRIPS, RunLimits.DEFAULT_MAX_STEPS);

    private static volatile RunLimits current = DEFAULT;

    public RunLimits {
        if (maxWidth < 1 || maxTrips < 1 || maxSteps < 1) {
            throw new IllegalArgumentException("limits must be at least 1: width " + maxWidth + ", trips " + maxTrips + ", steps " + maxSteps);
        }
    }

    /** The limits machines get when none are given ({@link #DEFAULT} unless {@link #use} changed them). */
    public static RunLimits current() {
        return current;
    }

    /** Makes {@code limits} the ones machines get when none are given (the command line's options). */
    public static void use(RunLimits limits) {
        current = limits;
    }

    /** A {@link LangError} at {@code at} when N = {@code n} is wider than the limit or than the memory left. */
    void checkWidth(Token at, long n) {
        if (n > maxWidth) {
            throw new LangError(at, "N = " + n + " is more than the largest width " + maxWidth + " (raise it with --max-width)");
        }
        long needed = n * BYTES_PER_ELEMENT;
        long available = NetworkLimits.availableBytes();
        if (needed > available) {
            throw new LangError(at, "N = " + n + " needs about " + NetworkLimits.megabytes(needed) + " of memory for x, more than the "
                    + NetworkLimits.megabytes(available) + " this run has left (give Java more with -Xmx)");
        }
    }

    /** A {@link LangError} at {@code at} when a loop or lane range of {@code trips} passes the trip limit. */
    void checkTrips(Token at, long trips, String what) {
        if (trips > maxTrips) {
            throw new LangError(at, "the " + what + " runs " + trips + " times, more than the largest trip count " + maxTrips
                    + " (raise it with --max-trips)");
        }
    }

    /** A {@link LangError} at {@code at} when an execution reaches {@code steps} instructions past the step limit. */
    void checkSteps(Token at, long steps) {
        if (steps > maxSteps) {
            throw new LangError(at, "the execution runs more than " + maxSteps + " instructions, the step limit"
                    + " (raise it with --max-steps)");
        }
    }
}

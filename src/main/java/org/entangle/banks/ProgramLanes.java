package org.entangle.banks;

/**
 * Which thread runs which lane of a program's {@code parallel i in lo .. hi} block.
 * <ul>
 *   <li>{@link #INDEX}: lane i is thread i − lo (warp (i − lo) / 32); the lanes whose {@code if} fails idle. This is
 *       the program's own reading of {@code parallel} and what the generated block kernels do (one thread per
 *       element).</li>
 *   <li>{@link #COMPACT}: the k-th lane that accesses x in the block is thread k: the work-efficient kernels of
 *       GPU Gems 3, ch. 39 (thread t handles the t-th node of a tree level), whose strided accesses conflict.</li>
 * </ul>
 */
public enum ProgramLanes {
    INDEX("index"),
    COMPACT("compact");

    private final String token;

    ProgramLanes(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    /** The lane assignment named {@code token}, or null. */
    public static ProgramLanes fromToken(String token) {
        for (ProgramLanes l : values()) if (l.token.equals(token)) return l;
        return null;
    }
}

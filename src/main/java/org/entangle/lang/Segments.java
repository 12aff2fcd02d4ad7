package org.entangle.lang;

/**
 * The declaration {@code segments flags | heads} (resources/docs/language.md, "Segmented scans"; after
 * Blelloch 1990, "Prefix sums and their applications", §1.5): the elements of x are (flag, value) pairs and
 * {@code +} is the flag-carrying operator (f1, v1) + (f2, v2) = (f1 | f2, f2 ? v2 : v1 + v2), which is associative
 * whenever {@code +} is, so the program's network is unchanged and computes a segmented scan. The declaration
 * names how the segment descriptor is given: a bit mask (1 where a segment starts) or head pointers (the start
 * index of every segment, turned into the bit mask before the scan).
 */
public enum Segments {
    /** An ordinary (unsegmented) scan. */
    NONE(""),
    /** Bit-mask descriptors {1,0,0,1,0,0,1,0}. */
    FLAGS("flags"),
    /** Head-pointer descriptors {0,3,6}. */
    HEADS("heads");

    private final String token;

    Segments(String token) {
        this.token = token;
    }

    /** The word after {@code segments} in a program. */
    public String token() {
        return token;
    }

    /** The descriptor named {@code token}, or null. */
    public static Segments fromToken(String token) {
        for (Segments s : values()) {
            if (s != NONE && s.token.equals(token)) return s;
        }
        return null;
    }
}

package org.entangle.cuda;

/**
 * The element types the generated CUDA scans support (int32 is the one measured against CUB), with their C spelling.
 * Integer addition wraps around modulo 2^bits (the kernels add in the unsigned type, which C defines to wrap).
 */
public enum ElementType {
    INT32("int32", "int", "unsigned int", 4, false),
    INT64("int64", "long long", "unsigned long long", 8, false),
    FLOAT32("float32", "float", null, 4, true),
    FLOAT64("float64", "double", null, 8, true);

    private final String token;
    private final String cType;
    private final String unsignedCType;
    private final int bytes;
    private final boolean floating;

    ElementType(String token, String cType, String unsignedCType, int bytes, boolean floating) {
        this.token = token;
        this.cType = cType;
        this.unsignedCType = unsignedCType;
        this.bytes = bytes;
        this.floating = floating;
    }

    /** The name used on the command line. */
    public String token() {
        return token;
    }

    /** The C type of an element. */
    public String cType() {
        return cType;
    }

    /** The unsigned C type of the same width (integers only), in which additions wrap. */
    public String unsignedCType() {
        return unsignedCType;
    }

    /** Bytes per element. */
    public int bytes() {
        return bytes;
    }

    public boolean isFloating() {
        return floating;
    }

    /** Parses a command-line token; null when unknown. */
    public static ElementType fromToken(String token) {
        for (ElementType t : values()) {
            if (t.token.equals(token)) return t;
        }
        return null;
    }
}

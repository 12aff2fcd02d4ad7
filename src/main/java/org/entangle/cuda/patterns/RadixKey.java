package org.entangle.cuda.patterns;

import java.util.List;

/**
 * The key types of the radix sort and the order-preserving bit flip that maps each to unsigned 32-bit integers
 * (the classic trick of Terdiman's "Radix Sort Revisited" and CUB's {@code Traits<T>::TwiddleIn}): unsigned keys
 * as they are; signed keys with the sign bit flipped; floats with every bit inverted when negative and the sign
 * bit flipped otherwise. The float order this gives is IEEE 754 totalOrder: −NaN (sign bit set) first, then
 * −∞ … −0.0 &lt; +0.0 … +∞, and +NaN last; NaNs of one sign are ordered by their bit pattern.
 */
public enum RadixKey {
    UINT32("uint32", "u", "u"),
    INT32("int32", "u ^ 0x80000000u", "u ^ 0x80000000u"),
    FLOAT32("float32", "u ^ ((unsigned)((int)u >> 31) | 0x80000000u)", "u ^ (((u >> 31) - 1u) | 0x80000000u)");

    /** Every key type. */
    public static final List<RadixKey> ALL = List.of(values());

    private final String token;
    private final String cFlip;
    private final String cUnflip;

    RadixKey(String token, String cFlip, String cUnflip) {
        this.token = token;
        this.cFlip = cFlip;
        this.cUnflip = cUnflip;
    }

    public String token() {
        return token;
    }

    /** A C expression of the unsigned {@code u} (the key's bits) that orders as the keys do. */
    public String cFlip() {
        return cFlip;
    }

    /** The C expression of {@link #unflip}: the key's bits of the flipped unsigned {@code u}. */
    public String cUnflip() {
        return cUnflip;
    }

    /** The C type CUB sorts for this key. */
    public String cType() {
        return switch (this) {
            case UINT32 -> "unsigned";
            case INT32 -> "int";
            case FLOAT32 -> "float";
        };
    }

    /** The flip in Java, on the key's 32 bits; compare the results as unsigned. */
    public int flip(int bits) {
        return switch (this) {
            case UINT32 -> bits;
            case INT32 -> bits ^ 0x80000000;
            case FLOAT32 -> bits ^ ((bits >> 31) | 0x80000000);
        };
    }

    /** The inverse of {@link #flip}: the key bits whose flip is {@code flipped}. */
    public int unflip(int flipped) {
        return switch (this) {
            case UINT32 -> flipped;
            case INT32 -> flipped ^ 0x80000000;
            case FLOAT32 -> flipped < 0 ? flipped ^ 0x80000000 : ~flipped;
        };
    }

    /** Parses a type token; null when unknown. */
    public static RadixKey fromToken(String token) {
        for (RadixKey k : values()) {
            if (k.token.equals(token)) return k;
        }
        return null;
    }
}

package org.entangle.network;

/**
 * One operation of a scan network: wire {@code dst} is updated from wire {@code src} as {@link OpKind}
 * describes. In the circuit model an op may read an older value of its source wire: {@code srcStep} names
 * the step after which that value was current ({@link #INPUT} for the network's input), while
 * {@link #CURRENT} (the default, and the only choice in the in-place model) reads the value current at the
 * start of the op's step.
 *
 * @param dst     the wire written
 * @param src     the wire read (equal to {@code dst} for {@link OpKind#IDENTITY})
 * @param kind    what the op does
 * @param srcStep which value of {@code src} is read: {@link #CURRENT}, {@link #INPUT} or a step index
 */
public record Op(int dst, int src, OpKind kind, int srcStep) implements Comparable<Op> {

    /** Read the value current at the start of the op's step. */
    public static final int CURRENT = -2;
    /** Read the network's input value of the wire. */
    public static final int INPUT = -1;

    public Op {
        if (kind == null) {
            throw new IllegalArgumentException("op kind is null");
        }
        if (kind == OpKind.IDENTITY && src != dst) {
            throw new IllegalArgumentException("an identity op has src == dst");
        }
        if (kind != OpKind.IDENTITY && src == dst) {
            throw new IllegalArgumentException("op " + kind.token() + " [" + dst + "," + src + "] reads and writes one wire");
        }
        if (srcStep < CURRENT) {
            throw new IllegalArgumentException("bad source step " + srcStep);
        }
    }

    /** Wire {@code dst} combines with wire {@code src} (operands ordered by wire index). */
    public static Op combine(int dst, int src) {
        return new Op(dst, src, OpKind.COMBINE, CURRENT);
    }

    /** Blelloch's down-sweep swap-and-combine: {@code dst} gets the combination, {@code src} the old {@code dst}. */
    public static Op swapCombine(int dst, int src) {
        return new Op(dst, src, OpKind.SWAP_COMBINE, CURRENT);
    }

    /** Sets {@code dst} to the identity. */
    public static Op identity(int dst) {
        return new Op(dst, dst, OpKind.IDENTITY, CURRENT);
    }

    /** Copies {@code src}'s value into {@code dst}. */
    public static Op copy(int dst, int src) {
        return new Op(dst, src, OpKind.COPY, CURRENT);
    }

    /** Whether this op reads an older value of its source than the current one. */
    public boolean readsOlderValue() {
        return srcStep != CURRENT;
    }

    /** The same op reading a given value of its source. */
    public Op withSrcStep(int step) {
        return new Op(dst, src, kind, step);
    }

    /** The same op with wires renamed by {@code map}. */
    public Op mapWires(java.util.function.IntUnaryOperator map) {
        return new Op(map.applyAsInt(dst), map.applyAsInt(src), kind, srcStep);
    }

    @Override
    public int compareTo(Op o) {
        int c = Integer.compare(dst, o.dst);
        if (c == 0) c = Integer.compare(src, o.src);
        if (c == 0) c = kind.compareTo(o.kind);
        if (c == 0) c = Integer.compare(srcStep, o.srcStep);
        return c;
    }

    @Override
    public String toString() {
        String base = kind == OpKind.COMBINE ? dst + "<-" + src
                : kind == OpKind.IDENTITY ? dst + "=id"
                : dst + (kind == OpKind.COPY ? "<=" : "<~") + src;
        return srcStep == CURRENT ? base : base + "@" + srcStep;
    }
}

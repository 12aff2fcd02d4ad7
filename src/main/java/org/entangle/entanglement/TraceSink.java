package org.entangle.entanglement;

/**
 * Where a producer of traces (the oracle's enumerator, a file reader) streams them, one at a time, without a
 * file round trip. A trace is given as one code per angel: the index of the angel's value in its
 * {@link AngelDomain} (for integer angels {@link AngelDomain#codeOfInteger}, with code 0 for ⊥).
 */
@FunctionalInterface
public interface TraceSink {

    /** Accepts one trace; the array may be reused by the caller after the call returns. */
    void add(int[] codes);
}

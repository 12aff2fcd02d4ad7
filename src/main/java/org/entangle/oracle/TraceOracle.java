package org.entangle.oracle;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Predicate;
import org.entangle.work.CancellationToken;

/**
 * The oracle of an angelic program: its safe traces counted exactly, streamed, and sampled uniformly. Every engine
 * answers the same questions about the same space, so the callers choose none of them by hand; two engines that
 * both reach a space must agree on it.
 */
public interface TraceOracle {

    /** A short name of the engine, for reports ("forest", "state graph", "program"). */
    String engine();

    /** The exact number of safe traces. */
    BigInteger count(CancellationToken cancel);

    /** Streams the safe traces to {@code sink} until it returns false; returns whether every trace was streamed. */
    boolean enumerate(Predicate<Trace> sink, CancellationToken cancel);

    /** {@code k} uniform samples (with repetition) drawn with {@code seed}; empty when there is no safe trace. */
    List<Trace> sample(int k, long seed, CancellationToken cancel);

    /** What the engine holds after its last answer, in its own units (states, trees, memo entries). */
    String memory();
}

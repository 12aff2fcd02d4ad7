package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.entangle.lang.Segments;
import org.entangle.network.Network;
import org.entangle.network.eval.Evaluator;
import org.entangle.network.eval.Monoid;

/**
 * Runs a segmented program's network on concrete segments: string concatenation (associative, not
 * commutative, so an operand out of order shows) lifted to (flag, value) pairs, against the sequential
 * segmented scan. The descriptors come as the program declares them: bit masks, or head pointers turned into
 * the bit mask. Each N is tried with one segment, a segment per element, heads every third element, and
 * {@code randomTrials} random descriptors from the given generator. This confirms on data what the lifting
 * argument (Blelloch 1990: the lifted operator is associative) and {@code RangeChecker} establish for all data.
 */
public final class SegmentedCheck {

    private SegmentedCheck() {
    }

    /** The first wrong wire as a message, or empty when every descriptor tried gives the segmented scan. */
    public static Optional<String> check(Network network, Segments segments, Random random, int randomTrials) {
        int n = network.width();
        List<String> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) values.add(Character.toString('a' + random.nextInt(26)));
        List<int[]> descriptors = new ArrayList<>();
        descriptors.add(heads(n, 0));
        descriptors.add(heads(n, 1));
        descriptors.add(heads(n, 3));
        for (int t = 0; t < randomTrials; t++) descriptors.add(randomHeads(n, random));
        for (int[] heads : descriptors) {
            boolean[] flags = segments == Segments.HEADS ? Segmented.flagsFromHeads(heads, n) : mask(heads, n);
            List<Segmented.Flagged<String>> out = Evaluator.evaluate(network, Segmented.withFlags(values, flags),
                    Segmented.lift(Monoid.CONCAT));
            List<String> expected = Segmented.sequential(values, flags, Monoid.CONCAT);
            for (int i = 0; i < n; i++) {
                if (!expected.get(i).equals(out.get(i).value())) {
                    return Optional.of("N = " + n + ", segments starting at " + Arrays.toString(heads) + ": wire " + i
                            + " holds '" + out.get(i).value() + "', the segmented scan is '" + expected.get(i) + "'");
                }
            }
        }
        return Optional.empty();
    }

    /** Head pointers every {@code every} elements (0: one segment starting at 0). */
    private static int[] heads(int n, int every) {
        if (n == 0) return new int[0];
        if (every == 0) return new int[] {0};
        int[] out = new int[(n + every - 1) / every];
        for (int k = 0; k < out.length; k++) out[k] = k * every;
        return out;
    }

    private static int[] randomHeads(int n, Random random) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) if (i == 0 || random.nextInt(4) == 0) out.add(i);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The bit mask itself, built directly (not through {@link Segmented#flagsFromHeads}). */
    private static boolean[] mask(int[] heads, int n) {
        boolean[] flags = new boolean[n];
        for (int h : heads) flags[h] = true;
        return flags;
    }
}

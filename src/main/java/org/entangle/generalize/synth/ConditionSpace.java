package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.entangle.lang.HoleGrammar;

/**
 * The conditions of a hole grammar, as a table built once and then searched by target truth vector over the
 * example lanes: comparisons {@code X op leaf} (X an integer class, the leaf a variable or constant; every
 * comparison operator, so either side order is covered) are enumerated by size with observational equivalence
 * (one comparison per truth vector over all recorded lanes, example and counterexample; Udupa et al.,
 * "TRANSIT", PLDI 2013) and indexed by their truth on the example lanes, so a comparison that fits a target is a
 * lookup. One {@code &&} or {@code ||} of two comparisons is found by divide and conquer (Alur et al., "Scaling
 * enumerative program synthesis via divide and conquer", TACAS 2017): for a conjunction both sides hold on every
 * lane where the target holds, for a disjunction neither holds where it does not.
 */
final class ConditionSpace {

    /** The comparison operators, in the order of the truth computation in {@link #build}. */
    private static final String[] COMPARISONS = {"==", "!=", "<", "<=", ">", ">="};
    /** The largest comparison enumerated (an integer class of up to 7 nodes, an operator and a leaf). */
    static final int MAX_COMPARISON_SIZE = 9;
    /** The most comparisons kept on either side of a conjunction or disjunction (the smallest ones). */
    private static final int PAIR_CANDIDATES = 4000;
    /** How many atoms the choice of a pivot lane looks at. */
    private static final int PIVOT_SAMPLE = 256;

    /** Truth bits (and, for all lanes, error bits) as a hash key. */
    private record Bits(long[] words, int hash) {
        static Bits of(long[] words) {
            long h = 0x2545F4914F6CDD1DL;
            for (long w : words) {
                h = (h ^ w) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
            }
            return new Bits(words, (int) (h ^ (h >>> 32)));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bits b && hash == b.hash && java.util.Arrays.equals(words, b.words);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * A class of comparisons: its smallest term, its truth on the example lanes, and its truth and failures on
     * every lane (the class key).
     */
    private record Atom(Term term, long[] example, long[] all) {
    }

    private final HoleGrammar grammar;
    private final TermEnumerator ints;
    private final int exampleLanes;
    private final int lanes;
    private final int exampleWords;
    private final int laneWords;
    private final List<Atom> atoms = new ArrayList<>();
    private final Map<Bits, List<Atom>> byExampleTruth = new HashMap<>();
    private final Map<Bits, List<Term>> solved = new HashMap<>();
    private boolean built;
    /** How many atoms (the smallest) are small enough to be one side of a conjunction or disjunction. */
    private int pairable;
    /** Per example lane, the pairable atoms true on it, as bits in atom order. */
    private long[][] trueOn;
    /** The pairable atoms' example truths, {@code exampleWords} longs per atom in atom order. */
    private long[] exampleTruths;

    /**
     * @param ints         the integer classes of the hole's grammar over all lanes
     * @param exampleLanes the lanes (the first ones) whose truth a target fixes
     * @param lanes        all lanes, counterexample lanes after the example ones
     */
    ConditionSpace(HoleGrammar grammar, TermEnumerator ints, int exampleLanes, int lanes) {
        this.grammar = grammar;
        this.ints = ints;
        this.exampleLanes = exampleLanes;
        this.lanes = lanes;
        this.exampleWords = Math.max(1, (exampleLanes + 63) / 64);
        this.laneWords = Math.max(1, (lanes + 63) / 64);
    }

    /**
     * Every condition of the grammar (up to its size bound) true exactly on the example lanes set in {@code want}
     * and never failing there, one per observational class, smallest first.
     */
    List<Term> solve(long[] want) {
        return solved.computeIfAbsent(Bits.of(want), k -> search(want));
    }

    private List<Term> search(long[] want) {
        build();
        List<Term> out = new ArrayList<>();
        for (Atom a : byExampleTruth.getOrDefault(Bits.of(want), List.of())) out.add(a.term());
        if (pairable > 0) {
            pairs(related(want, false), true, want, out);
            pairs(related(want, true), false, want, out);
        }
        out.sort(Comparator.comparingInt(Term::size));
        return List.copyOf(out);
    }

    /**
     * The smallest {@value #PAIR_CANDIDATES} pairable atoms whose example truth strictly contains {@code want} (or,
     * with {@code inside}, lies strictly inside it): the intersection of the per-lane sets of atoms true (false) on
     * the lanes of {@code want} (outside it).
     */
    private int[] related(long[] want, boolean inside) {
        long[] candidates = new long[(pairable + 63) / 64];
        java.util.Arrays.fill(candidates, -1L);
        for (int l = 0; l < exampleLanes; l++) {
            boolean in = (want[l >> 6] & (1L << l)) != 0;
            if (in == inside) continue;
            long[] lane = trueOn[l];
            for (int w = 0; w < candidates.length; w++) candidates[w] &= inside ? ~lane[w] : lane[w];
        }
        int[] out = new int[PAIR_CANDIDATES];
        int count = 0;
        for (int w = 0; w < candidates.length && count < PAIR_CANDIDATES; w++) {
            for (long bits = candidates[w]; bits != 0 && count < PAIR_CANDIDATES; bits &= bits - 1) {
                int i = w * 64 + Long.numberOfTrailingZeros(bits);
                if (i >= pairable) break;
                if (!java.util.Arrays.equals(atoms.get(i).example(), want)) out[count++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, count);
    }

    /**
     * The conjunctions ({@code and}) of two atoms of {@code side} (each true wherever {@code want} is) that are true
     * exactly on {@code want}, or the disjunctions (each true only where {@code want} is) — a disjunction is a
     * conjunction of complements — one per class, the smallest of each (pairs are tried by increasing size). One
     * side must be false on some lane outside the target: taking the lane the fewest atoms are false on, only those
     * atoms need to be paired with all the others. Without counterexample lanes every exact pair is of one class.
     */
    private void pairs(int[] side, boolean and, long[] want, List<Term> out) {
        if (side.length < 2) return;
        int words = want.length;
        long[] target = new long[words];
        long[] truths = new long[side.length * words];
        for (int w = 0; w < words; w++) target[w] = and ? want[w] : ~want[w] & exampleMask(w);
        for (int i = 0; i < side.length; i++) {
            for (int w = 0; w < words; w++) {
                long t = exampleTruths[side[i] * exampleWords + w];
                truths[i * words + w] = and ? t : ~t & exampleMask(w);
            }
        }
        int pivot = pivot(side.length, truths, target);
        if (pivot < 0) return;
        String op = and ? "&&" : "||";
        int[] sizeStart = new int[grammar.maxSize() + 2];
        for (int size = 0, i = 0; size <= grammar.maxSize() + 1; size++) {
            while (i < side.length && atoms.get(side[i]).term().size() < size) i++;
            sizeStart[size] = i;
        }
        Set<Bits> seen = new HashSet<>();
        long[] extra = new long[words];
        for (int total = 1; total <= grammar.maxSize(); total++) {
            for (int sizeA = 1; sizeA < total - 1; sizeA++) {
                int sizeB = total - 1 - sizeA;
                for (int i = sizeStart[sizeA]; i < sizeStart[sizeA + 1]; i++) {
                    if ((truths[i * words + (pivot >> 6)] & (1L << pivot)) != 0) continue;
                    for (int w = 0; w < words; w++) extra[w] = truths[i * words + w] & ~target[w];
                    for (int j = sizeStart[sizeB]; j < sizeStart[sizeB + 1]; j++) {
                        boolean exact = j != i;
                        for (int w = 0; w < words && exact; w++) exact = (truths[j * words + w] & extra[w]) == 0;
                        if (!exact) continue;
                        Atom first = atoms.get(side[Math.min(i, j)]);
                        Atom second = atoms.get(side[Math.max(i, j)]);
                        if (!seen.add(Bits.of(combined(first.all(), second.all(), and)))) continue;
                        out.add(Term.of(op, first.term(), second.term()));
                        if (lanes == exampleLanes) return;
                    }
                }
            }
        }
    }

    /**
     * A lane outside the target that few atoms are false on (one side of an exact pair is), judged on the first
     * {@value #PIVOT_SAMPLE} atoms; −1 when the target covers every lane.
     */
    private int pivot(int count, long[] truths, long[] target) {
        int words = target.length;
        int pivot = -1;
        int fewest = Integer.MAX_VALUE;
        int sample = Math.min(count, PIVOT_SAMPLE);
        for (int l = 0; l < exampleLanes; l++) {
            if ((target[l >> 6] & (1L << l)) != 0) continue;
            int excluding = 0;
            for (int i = 0; i < sample; i++) if ((truths[i * words + (l >> 6)] & (1L << l)) == 0) excluding++;
            if (excluding < fewest) {
                fewest = excluding;
                pivot = l;
            }
        }
        return pivot;
    }

    /** The class key of a conjunction or disjunction: its truth on every lane, failing where either side fails. */
    private long[] combined(long[] a, long[] b, boolean and) {
        long[] out = new long[2 * laneWords];
        for (int w = 0; w < laneWords; w++) {
            out[w] = and ? a[w] & b[w] : a[w] | b[w];
            out[laneWords + w] = a[laneWords + w] | b[laneWords + w];
        }
        return out;
    }

    /** Enumerates the comparisons by size, keeping one per class (the first, so the smallest). */
    private void build() {
        if (built) return;
        built = true;
        Set<Bits> classes = new HashSet<>();
        List<TermEnumerator.Entry> leaves = ints.level(1);
        int maxAtom = Math.min(grammar.maxSize(), MAX_COMPARISON_SIZE);
        long[] lt = new long[laneWords];
        long[] eq = new long[laneWords];
        long[] errors = new long[laneWords];
        for (int size = 3; size <= maxAtom; size++) {
            for (TermEnumerator.Entry x : ints.level(size - 2)) {
                int[] xv = x.values();
                if (failsOnExample(xv)) continue;
                java.util.Arrays.fill(errors, 0);
                for (int l = exampleLanes; l < lanes; l++) if (xv[l] == TermEnumerator.ERROR) errors[l >> 6] |= 1L << l;
                for (TermEnumerator.Entry leaf : leaves) {
                    int[] lv = leaf.values();
                    java.util.Arrays.fill(lt, 0);
                    java.util.Arrays.fill(eq, 0);
                    for (int l = 0; l < lanes; l++) {
                        if (xv[l] == TermEnumerator.ERROR) continue;
                        if (xv[l] < lv[l]) lt[l >> 6] |= 1L << l;
                        else if (xv[l] == lv[l]) eq[l >> 6] |= 1L << l;
                    }
                    for (int op = 0; op < COMPARISONS.length; op++) {
                        long[] all = new long[2 * laneWords];
                        for (int w = 0; w < laneWords; w++) {
                            long gt = ~(lt[w] | eq[w] | errors[w]) & laneMask(w);
                            all[w] = switch (op) {
                                case 0 -> eq[w];
                                case 1 -> lt[w] | gt;
                                case 2 -> lt[w];
                                case 3 -> lt[w] | eq[w];
                                case 4 -> gt;
                                default -> gt | eq[w];
                            };
                            all[laneWords + w] = errors[w];
                        }
                        if (!classes.add(Bits.of(all))) continue;
                        long[] example = new long[exampleWords];
                        for (int w = 0; w < exampleWords; w++) example[w] = all[w] & exampleMask(w);
                        Atom atom = new Atom(Term.of(COMPARISONS[op], x.term(), leaf.term()), example, all);
                        atoms.add(atom);
                        byExampleTruth.computeIfAbsent(Bits.of(example), k -> new ArrayList<>(1)).add(atom);
                    }
                }
            }
        }
        index();
    }

    /** Indexes the pairable atoms by the example lanes they are true on. */
    private void index() {
        while (pairable < atoms.size() && atoms.get(pairable).term().size() + 4 <= grammar.maxSize()) pairable++;
        trueOn = new long[exampleLanes][(pairable + 63) / 64];
        exampleTruths = new long[pairable * exampleWords];
        for (int i = 0; i < pairable; i++) {
            long[] example = atoms.get(i).example();
            System.arraycopy(example, 0, exampleTruths, i * exampleWords, exampleWords);
            for (int l = 0; l < exampleLanes; l++) if ((example[l >> 6] & (1L << l)) != 0) trueOn[l][i >> 6] |= 1L << i;
        }
    }

    private boolean failsOnExample(int[] x) {
        for (int l = 0; l < exampleLanes; l++) if (x[l] == TermEnumerator.ERROR) return true;
        return false;
    }

    private long laneMask(int word) {
        return mask(lanes, word);
    }

    private long exampleMask(int word) {
        return mask(exampleLanes, word);
    }

    private static long mask(int count, int word) {
        int bits = count - word * 64;
        return bits >= 64 ? -1L : bits <= 0 ? 0L : (1L << bits) - 1;
    }
}

package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
    /** The atoms' example truths, {@code exampleWords} longs per atom in atom order, and their sizes. */
    private long[] exampleTruths;
    private int[] atomSizes;

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

    /** The truth vector of {@code truth} (one flag per example lane) as bits. */
    long[] bits(boolean[] truth) {
        long[] w = new long[exampleWords];
        for (int l = 0; l < exampleLanes; l++) if (truth[l]) w[l >> 6] |= 1L << l;
        return w;
    }

    private List<Term> search(long[] want) {
        build();
        List<Term> out = new ArrayList<>();
        for (Atom a : byExampleTruth.getOrDefault(Bits.of(want), List.of())) out.add(a.term());
        if (grammar.maxSize() >= 7) {
            List<Atom> supersets = new ArrayList<>();
            List<Atom> subsets = new ArrayList<>();
            for (int i = 0; i < atoms.size(); i++) {
                if (atomSizes[i] + 4 > grammar.maxSize()) break;
                if (supersets.size() < PAIR_CANDIDATES && strictlyContains(exampleTruths, i * exampleWords, want, false)) supersets.add(atoms.get(i));
                if (subsets.size() < PAIR_CANDIDATES && strictlyContains(exampleTruths, i * exampleWords, want, true)) subsets.add(atoms.get(i));
            }
            pairs(supersets, true, want, out);
            pairs(subsets, false, want, out);
        }
        out.sort(Comparator.comparingInt(Term::size));
        return List.copyOf(out);
    }

    /** Whether atom truth {@code flat[at..]} strictly contains {@code want} (or, with {@code inside}, is strictly inside it). */
    private static boolean strictlyContains(long[] flat, int at, long[] want, boolean inside) {
        boolean equal = true;
        for (int w = 0; w < want.length; w++) {
            long a = flat[at + w];
            if ((inside ? a & ~want[w] : want[w] & ~a) != 0) return false;
            equal &= a == want[w];
        }
        return !equal;
    }

    /**
     * The conjunctions ({@code and}) of two atoms of {@code side} (each true wherever {@code want} is) that are true
     * exactly on {@code want}, or the disjunctions (each true only where {@code want} is) — a disjunction is a
     * conjunction of complements — one per class, the smallest of each (pairs are tried by increasing size). One
     * side must be false on some lane outside the target: taking the lane the fewest atoms are false on, only those
     * atoms need to be paired with all the others. Without counterexample lanes every exact pair is of one class.
     */
    private void pairs(List<Atom> side, boolean and, long[] want, List<Term> out) {
        if (side.size() < 2) return;
        int words = want.length;
        long[] target = new long[words];
        long[] truths = new long[side.size() * words];
        for (int w = 0; w < words; w++) target[w] = and ? want[w] : ~want[w] & exampleMask(w);
        for (int i = 0; i < side.size(); i++) {
            for (int w = 0; w < words; w++) {
                long t = side.get(i).example()[w];
                truths[i * words + w] = and ? t : ~t & exampleMask(w);
            }
        }
        int pivot = pivot(side.size(), truths, target);
        if (pivot < 0) return;
        String op = and ? "&&" : "||";
        Map<Integer, List<Integer>> bySize = new TreeMap<>();
        for (int i = 0; i < side.size(); i++) bySize.computeIfAbsent(side.get(i).term().size(), k -> new ArrayList<>()).add(i);
        Set<Bits> seen = new HashSet<>();
        long[] extra = new long[words];
        for (int total = 1; total <= grammar.maxSize(); total++) {
            for (Map.Entry<Integer, List<Integer>> sizeA : bySize.entrySet()) {
                List<Integer> partners = bySize.get(total - 1 - sizeA.getKey());
                if (partners == null) continue;
                for (int i : sizeA.getValue()) {
                    if ((truths[i * words + (pivot >> 6)] & (1L << pivot)) != 0) continue;
                    for (int w = 0; w < words; w++) extra[w] = truths[i * words + w] & ~target[w];
                    for (int j : partners) {
                        boolean exact = j != i;
                        for (int w = 0; w < words && exact; w++) exact = (truths[j * words + w] & extra[w]) == 0;
                        if (!exact) continue;
                        Atom first = side.get(Math.min(i, j));
                        Atom second = side.get(Math.max(i, j));
                        if (!seen.add(Bits.of(combined(first.all(), second.all(), and)))) continue;
                        out.add(Term.of(op, first.term(), second.term()));
                        if (lanes == exampleLanes) return;
                    }
                }
            }
        }
    }

    /** The lane outside the target that the fewest atoms are false on (one side of an exact pair is), or −1. */
    private int pivot(int count, long[] truths, long[] target) {
        int words = target.length;
        int pivot = -1;
        int fewest = Integer.MAX_VALUE;
        for (int l = 0; l < exampleLanes; l++) {
            if ((target[l >> 6] & (1L << l)) != 0) continue;
            int excluding = 0;
            for (int i = 0; i < count; i++) if ((truths[i * words + (l >> 6)] & (1L << l)) == 0) excluding++;
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
        flatten();
    }

    private void flatten() {
        exampleTruths = new long[atoms.size() * exampleWords];
        atomSizes = new int[atoms.size()];
        for (int i = 0; i < atoms.size(); i++) {
            System.arraycopy(atoms.get(i).example(), 0, exampleTruths, i * exampleWords, exampleWords);
            atomSizes[i] = atoms.get(i).term().size();
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

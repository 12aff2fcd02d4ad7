package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.lang.HoleGrammar;

/**
 * The conditions of a hole grammar as truth vectors over the lane environments: comparisons {@code X op leaf}
 * (X an integer class, the leaf a variable or constant; every comparison operator, so either side order is
 * covered), deduplicated by truth vector, and one {@code &&} or {@code ||} of two comparisons found by
 * divide and conquer (Alur et al., "Scaling enumerative program synthesis via divide and conquer", TACAS 2017):
 * for a conjunction both sides hold on every lane where the target holds.
 */
final class ConditionSpace {

    private static final String[] COMPARISONS = {"==", "!=", "<", "<=", ">", ">="};
    private static final int MAX_COMPARISON_SIZE = 9;
    private static final int PAIR_CANDIDATES = 1500;

    private record Atom(Term term, long[] truth, long[] error) {
    }

    private final List<Atom> atoms = new ArrayList<>();
    private final int exampleLanes;

    ConditionSpace(HoleGrammar grammar, TermEnumerator ints, int lanes, int exampleLanes) {
        this.exampleLanes = exampleLanes;
        Set<Key> seen = new HashSet<>();
        List<TermEnumerator.Entry> leaves = ints.level(1);
        int maxLeft = Math.min(grammar.maxSize(), MAX_COMPARISON_SIZE) - 2;
        for (int s = 1; s <= maxLeft; s++) {
            for (TermEnumerator.Entry x : ints.level(s)) {
                for (TermEnumerator.Entry leaf : leaves) {
                    for (String op : COMPARISONS) {
                        long[] truth = new long[(lanes + 63) / 64];
                        long[] error = new long[truth.length];
                        for (int l = 0; l < lanes; l++) {
                            int a = x.values()[l];
                            int b = leaf.values()[l];
                            if (a == TermEnumerator.ERROR) {
                                error[l >> 6] |= 1L << l;
                            } else if (compare(op, a, b)) {
                                truth[l >> 6] |= 1L << l;
                            }
                        }
                        if (seen.add(new Key(truth, error))) atoms.add(new Atom(Term.of(op, x.term(), leaf.term()), truth, error));
                    }
                }
            }
        }
    }

    private record Key(long[] truth, long[] error) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Arrays.equals(truth, k.truth) && java.util.Arrays.equals(error, k.error);
        }

        @Override
        public int hashCode() {
            long h = 0x9E3779B97F4A7C15L;
            for (long t : truth) h = (h ^ t) * 0xBF58476D1CE4E5B9L;
            for (long t : error) h = (h ^ t) * 0x94D049BB133111EBL;
            return (int) (h ^ (h >>> 29));
        }
    }

    private static boolean compare(String op, int a, int b) {
        return switch (op) {
            case "==" -> a == b;
            case "!=" -> a != b;
            case "<" -> a < b;
            case "<=" -> a <= b;
            case ">" -> a > b;
            default -> a >= b;
        };
    }

    /** Conditions of at most {@code bound} nodes true exactly on the example lanes marked in {@code want}, never failing there. */
    List<Term> solve(boolean[] want, int bound) {
        long[] target = new long[atoms.isEmpty() ? 1 : atoms.get(0).truth.length];
        long[] mask = new long[target.length];
        for (int l = 0; l < exampleLanes; l++) {
            mask[l >> 6] |= 1L << l;
            if (want[l]) target[l >> 6] |= 1L << l;
        }
        List<Term> out = new ArrayList<>();
        List<Atom> supersets = new ArrayList<>();
        List<Atom> subsets = new ArrayList<>();
        for (Atom a : atoms) {
            if (a.term.size() > bound || overlaps(a.error, mask)) continue;
            boolean sup = true;
            boolean sub = true;
            boolean exact = true;
            for (int w = 0; w < target.length; w++) {
                long t = a.truth[w] & mask[w];
                sup &= (t & target[w]) == target[w];
                sub &= (t & ~target[w]) == 0;
                exact &= t == target[w];
            }
            if (exact) out.add(a.term);
            else if (sup) supersets.add(a);
            else if (sub) subsets.add(a);
        }
        supersets.sort(java.util.Comparator.comparingInt(a -> a.term.size()));
        subsets.sort(java.util.Comparator.comparingInt(a -> a.term.size()));
        pairs(supersets.subList(0, Math.min(PAIR_CANDIDATES, supersets.size())), "&&", target, mask, bound, out);
        pairs(subsets.subList(0, Math.min(PAIR_CANDIDATES, subsets.size())), "||", target, mask, bound, out);
        return out;
    }

    private static void pairs(List<Atom> atoms, String op, long[] target, long[] mask, int bound, List<Term> out) {
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            if (a.term.size() + a.term.size() + 1 > bound) break;
            for (int j = i + 1; j < atoms.size(); j++) {
                Atom b = atoms.get(j);
                if (a.term.size() + b.term.size() + 1 > bound) break;
                boolean exact = true;
                for (int w = 0; w < target.length && exact; w++) {
                    long t = (op.equals("&&") ? a.truth[w] & b.truth[w] : a.truth[w] | b.truth[w]) & mask[w];
                    exact = t == target[w];
                }
                if (exact) out.add(Term.of(op, a.term, b.term));
            }
        }
    }

    private static boolean overlaps(long[] a, long[] b) {
        for (int w = 0; w < a.length; w++) if ((a[w] & b[w]) != 0) return true;
        return false;
    }
}

package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.List;
import org.entangle.lang.HoleGrammar;

/**
 * The conditions of a hole grammar, searched against a target truth vector over the example lanes:
 * comparisons {@code X op leaf} (X an integer class, the leaf a variable or constant; every comparison
 * operator, so either side order is covered), each tested lane by lane with early exit, and one {@code &&} or
 * {@code ||} of two comparisons found by divide and conquer (Alur et al., "Scaling enumerative program
 * synthesis via divide and conquer", TACAS 2017): for a conjunction both sides hold on every lane where the
 * target holds, for a disjunction neither holds where it does not.
 */
final class ConditionSpace {

    private static final String[] COMPARISONS = {"==", "!=", "<", "<=", ">", ">="};
    private static final int MAX_COMPARISON_SIZE = 9;
    private static final int PAIR_CANDIDATES = 4000;

    private record Atom(Term term, long[] truth) {
    }

    private final HoleGrammar grammar;
    private final TermEnumerator ints;
    private final int exampleLanes;

    ConditionSpace(HoleGrammar grammar, TermEnumerator ints, int exampleLanes) {
        this.grammar = grammar;
        this.ints = ints;
        this.exampleLanes = exampleLanes;
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

    /**
     * Conditions of at most {@code bound} nodes true exactly on the example lanes marked in {@code want}, never
     * failing there: all of them, or (not {@code exhaustive}) the comparisons of the smallest size that has one,
     * and conjunctions or disjunctions only when no single comparison fits.
     */
    List<Term> solve(boolean[] want, int bound, boolean exhaustive) {
        int[] trueLanes = lanes(want, true);
        int[] falseLanes = lanes(want, false);
        long[] target = new long[(exampleLanes + 63) / 64 + 1];
        for (int l : trueLanes) target[l >> 6] |= 1L << l;
        List<Term> out = new ArrayList<>();
        List<Atom> supersets = new ArrayList<>();
        List<Atom> subsets = new ArrayList<>();
        List<TermEnumerator.Entry> leaves = ints.level(1);
        java.util.Set<String> seen = new java.util.HashSet<>();
        int maxAtom = Math.min(bound, Math.min(grammar.maxSize(), MAX_COMPARISON_SIZE));
        for (int size = 3; size <= maxAtom; size++) {
            for (TermEnumerator.Entry x : ints.level(size - 2)) {
                int[] xv = x.values();
                for (TermEnumerator.Entry leaf : leaves) {
                    int[] lv = leaf.values();
                    for (String op : COMPARISONS) {
                        boolean sup = holdsOn(op, xv, lv, trueLanes, true);
                        boolean sub = holdsOn(op, xv, lv, falseLanes, false);
                        if (!sup && !sub) continue;
                        if (failsSomewhere(xv)) continue;
                        Term term = Term.of(op, x.term(), leaf.term());
                        if (sup && sub) {
                            out.add(term);
                            continue;
                        }
                        List<Atom> side = sup ? supersets : subsets;
                        if (side.size() >= PAIR_CANDIDATES) continue;
                        long[] truth = truth(op, xv, lv, target.length);
                        if (seen.add(java.util.Arrays.toString(truth))) side.add(new Atom(term, truth));
                    }
                }
            }
            if (!exhaustive && !out.isEmpty()) return out;
        }
        pairs(supersets, "&&", target, bound, out);
        pairs(subsets, "||", target, bound, out);
        return out;
    }

    private int[] lanes(boolean[] want, boolean value) {
        int count = 0;
        for (int l = 0; l < exampleLanes; l++) if (want[l] == value) count++;
        int[] out = new int[count];
        int k = 0;
        for (int l = 0; l < exampleLanes; l++) if (want[l] == value) out[k++] = l;
        return out;
    }

    private static boolean holdsOn(String op, int[] x, int[] leaf, int[] lanes, boolean value) {
        for (int l : lanes) {
            if (x[l] == TermEnumerator.ERROR || compare(op, x[l], leaf[l]) != value) return false;
        }
        return true;
    }

    private boolean failsSomewhere(int[] x) {
        for (int l = 0; l < exampleLanes; l++) if (x[l] == TermEnumerator.ERROR) return true;
        return false;
    }

    private long[] truth(String op, int[] x, int[] leaf, int words) {
        long[] t = new long[words];
        for (int l = 0; l < exampleLanes; l++) if (compare(op, x[l], leaf[l])) t[l >> 6] |= 1L << l;
        return t;
    }

    private static void pairs(List<Atom> atoms, String op, long[] target, int bound, List<Term> out) {
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            if (a.term.size() + a.term.size() + 1 > bound) break;
            for (int j = i + 1; j < atoms.size(); j++) {
                Atom b = atoms.get(j);
                if (a.term.size() + b.term.size() + 1 > bound) break;
                boolean exact = true;
                for (int w = 0; w < target.length && exact; w++) {
                    long t = op.equals("&&") ? a.truth[w] & b.truth[w] : a.truth[w] | b.truth[w];
                    exact = t == target[w];
                }
                if (exact) out.add(Term.of(op, a.term, b.term));
            }
        }
    }
}

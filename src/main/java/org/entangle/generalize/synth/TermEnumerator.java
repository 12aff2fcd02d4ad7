package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.lang.HoleGrammar;

/**
 * Bottom-up enumeration of a hole grammar's integer expressions by size with observational equivalence
 * (Udupa et al., "TRANSIT", PLDI 2013; Alur et al., "Search-based program synthesis", CACM 2018): two terms
 * with equal values on every environment are one class, kept by its first (smallest) term. Levels are built
 * on demand. A value {@link #ERROR} marks a division by zero (and propagates).
 */
public final class TermEnumerator {

    /** The value of an expression that fails (division by zero) in an environment. */
    public static final int ERROR = Integer.MIN_VALUE;

    /** One equivalence class: its smallest term and its values over the environments. */
    public record Entry(Term term, int[] values) {
    }

    private final HoleGrammar grammar;
    private final int[][] environments;
    private final List<List<Entry>> levels = new ArrayList<>();
    private final Set<Key> seen = new HashSet<>();
    private final int classLimit;

    /**
     * @param environments per environment, the values of the grammar's variables (in its order)
     * @param classLimit   the most classes kept; enumeration stops growing beyond it
     */
    public TermEnumerator(HoleGrammar grammar, int[][] environments, int classLimit) {
        this.grammar = grammar;
        this.environments = environments;
        this.classLimit = classLimit;
        levels.add(List.of());
    }

    /** The classes whose smallest term has exactly {@code size} nodes (size ≥ 1). */
    public List<Entry> level(int size) {
        while (levels.size() <= size) levels.add(build(levels.size()));
        return levels.get(size);
    }

    /** Whether the class limit cut the enumeration short. */
    public boolean truncated() {
        return seen.size() >= classLimit;
    }

    private List<Entry> build(int size) {
        List<Entry> out = new ArrayList<>();
        if (size == 1) {
            for (int v = 0; v < grammar.variables().size(); v++) {
                int[] values = new int[environments.length];
                for (int e = 0; e < values.length; e++) values[e] = environments[e][v];
                add(out, Term.leaf(grammar.variables().get(v)), values);
            }
            for (int c = grammar.constLo(); c <= grammar.constHi(); c++) {
                int[] values = new int[environments.length];
                Arrays.fill(values, c);
                add(out, Term.leaf(Integer.toString(c)), values);
            }
            return out;
        }
        for (int leftSize = 1; leftSize < size - 1; leftSize++) {
            List<Entry> lefts = level(leftSize);
            List<Entry> rights = level(size - 1 - leftSize);
            for (String op : grammar.operators()) {
                for (Entry l : lefts) {
                    for (Entry r : rights) {
                        if (seen.size() >= classLimit) return out;
                        int[] values = apply(op, l.values, r.values);
                        if (values != null) add(out, Term.of(op, l.term, r.term), values);
                    }
                }
            }
        }
        return out;
    }

    private void add(List<Entry> out, Term term, int[] values) {
        if (seen.add(new Key(values))) out.add(new Entry(term, values));
    }

    /** The operator applied lane-wise with the interpreter's Java int semantics; null when it is an error everywhere. */
    static int[] apply(String op, int[] a, int[] b) {
        int code = OPERATORS.indexOf(op);
        if (code < 0) throw new IllegalArgumentException("operator " + op);
        int[] out = new int[a.length];
        boolean any = false;
        for (int e = 0; e < a.length; e++) {
            int x = a[e];
            int y = b[e];
            int v;
            if (x == ERROR || y == ERROR) {
                v = ERROR;
            } else {
                v = switch (code) {
                    case 0 -> x + y;
                    case 1 -> x - y;
                    case 2 -> x * y;
                    case 3 -> y == 0 ? ERROR : x / y;
                    case 4 -> y == 0 ? ERROR : x % y;
                    case 5 -> x << y;
                    default -> x >> y;
                };
            }
            any |= v != ERROR;
            out[e] = v;
        }
        return any ? out : null;
    }

    /** The operators {@link #apply} knows, in the order of its switch. */
    private static final List<String> OPERATORS = List.of("+", "-", "*", "/", "%", "<<", ">>");

    /**
     * Integer values (a class's values, or any int vector) as a hash key, with a mixing hash: the values of related
     * terms make {@link Arrays#hashCode} collide.
     */
    record Key(int[] values, int hash) {
        Key(int[] values) {
            this(values, mix(values));
        }

        private static int mix(int[] values) {
            long h = 0x2545F4914F6CDD1DL;
            for (int v : values) {
                h = (h ^ v) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
            }
            return (int) (h ^ (h >>> 32));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}

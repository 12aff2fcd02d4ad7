package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The "sum of cross-products" along a refinement into any number k of parts (Torlak and Barman, Onward! 2015): the
 * maximal subsets X1 × … × Xk ⊆ T (boxes) where Xi is a set of value tuples of part i. For two parts these are the
 * maximal bicliques of {@link CrossProducts}. Recursion on the first part: for every set of first-part tuples H, let
 * C(H) be the rest-tuples that every h ∈ H completes; a maximal box X1 × Y has Y among the maximal (k−1)-part boxes
 * inside the closed set C(X1) (a larger box there would extend X1 × Y inside T) and X1 = {h : Y ⊆ N(h)}; so enumerating
 * the closed sets (intersections of neighbourhoods), recursing into each and keeping the maximal results finds every
 * maximal box exactly. Exponential in the worst case; stops at {@code limit} candidate boxes and says so.
 */
public final class CrossProductBoxes {

    /**
     * One maximal box: for each part, the set of its value tuples (as code lists).
     *
     * @param sides the k sets of tuples
     */
    public record Box(List<Set<List<Integer>>> sides) {
        /** The number of traces it holds. */
        public long traces() {
            long p = 1;
            for (Set<List<Integer>> s : sides) p *= s.size();
            return p;
        }

        boolean within(Box other) {
            for (int i = 0; i < sides.size(); i++) {
                if (!other.sides.get(i).containsAll(sides.get(i))) return false;
            }
            return true;
        }
    }

    /** The maximal boxes, largest first, and whether the enumeration finished. */
    public record Result(List<Box> boxes, boolean complete) {
    }

    private CrossProductBoxes() {
    }

    /** The maximal boxes of {@code set} along {@code parts} (disjoint angel lists covering every angel). */
    public static Result of(TraceSet set, int[][] parts, int limit) {
        boolean[] seen = new boolean[set.angels()];
        for (int[] part : parts) {
            if (part.length == 0) throw new IllegalArgumentException("a part of the refinement is empty");
            for (int a : part) {
                if (a < 0 || a >= set.angels() || seen[a]) throw new IllegalArgumentException("angel " + a + " is out of range or in two parts");
                seen[a] = true;
            }
        }
        for (boolean s : seen) if (!s) throw new IllegalArgumentException("the parts must cover every angel");
        List<List<List<Integer>>> rows = new ArrayList<>();
        for (int r = 0; r < set.size(); r++) {
            List<List<Integer>> row = new ArrayList<>();
            for (int[] part : parts) {
                List<Integer> tuple = new ArrayList<>();
                for (int a : part) tuple.add(set.code(r, a));
                row.add(tuple);
            }
            rows.add(row);
        }
        int[] budget = {limit};
        List<Box> boxes = maximal(boxes(rows, budget));
        boxes.sort((x, y) -> Long.compare(y.traces(), x.traces()));
        return new Result(boxes, budget[0] > 0);
    }

    private static List<Box> boxes(List<List<List<Integer>>> rows, int[] budget) {
        int k = rows.get(0).size();
        if (k == 1) {
            Set<List<Integer>> all = new LinkedHashSet<>();
            for (List<List<Integer>> r : rows) all.add(r.get(0));
            return List.of(new Box(List.of(all)));
        }
        Map<List<Integer>, Set<List<List<Integer>>>> neighbours = new LinkedHashMap<>();
        for (List<List<Integer>> r : rows) {
            neighbours.computeIfAbsent(r.get(0), h -> new HashSet<>()).add(r.subList(1, k));
        }
        Set<Set<List<List<Integer>>>> closed = new LinkedHashSet<>(neighbours.values());
        List<Set<List<List<Integer>>>> queue = new ArrayList<>(closed);
        for (int i = 0; i < queue.size() && budget[0] > 0; i++) {
            for (Set<List<List<Integer>>> n : neighbours.values()) {
                Set<List<List<Integer>>> x = new HashSet<>(queue.get(i));
                x.retainAll(n);
                if (!x.isEmpty() && closed.add(x)) queue.add(x);
            }
        }
        List<Box> out = new ArrayList<>();
        for (Set<List<List<Integer>>> tails : closed) {
            for (Box rest : boxes(new ArrayList<>(tails), budget)) {
                if (--budget[0] <= 0) return out;
                Set<List<Integer>> heads = new LinkedHashSet<>();
                neighbours.forEach((h, n) -> {
                    if (containsBox(n, rest)) heads.add(h);
                });
                List<Set<List<Integer>>> sides = new ArrayList<>();
                sides.add(heads);
                sides.addAll(rest.sides());
                out.add(new Box(sides));
            }
        }
        return out;
    }

    private static boolean containsBox(Set<List<List<Integer>>> tails, Box box) {
        List<List<Integer>> tuple = new ArrayList<>();
        return every(tails, box.sides(), 0, tuple);
    }

    private static boolean every(Set<List<List<Integer>>> tails, List<Set<List<Integer>>> sides, int i, List<List<Integer>> tuple) {
        if (i == sides.size()) return tails.contains(tuple);
        for (List<Integer> v : sides.get(i)) {
            tuple.add(v);
            boolean ok = every(tails, sides, i + 1, tuple);
            tuple.remove(tuple.size() - 1);
            if (!ok) return false;
        }
        return true;
    }

    private static List<Box> maximal(List<Box> candidates) {
        List<Box> distinct = new ArrayList<>(new LinkedHashSet<>(candidates));
        List<Box> out = new ArrayList<>();
        for (Box b : distinct) {
            boolean dominated = false;
            for (Box other : distinct) {
                if (other != b && !other.equals(b) && b.within(other)) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) out.add(b);
        }
        return out;
    }
}

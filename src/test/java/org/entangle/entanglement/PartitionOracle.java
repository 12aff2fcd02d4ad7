package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The definition of a valid partition (T equals the product of its projections) checked naively, independently of
 * {@link FinestPartition}: rows are lists of tokens, projections are hash sets of sub-lists, and a partition is valid
 * iff |T| = Π|π_Ai(T)|.
 */
final class PartitionOracle {

    private PartitionOracle() {
    }

    static int projectionSize(List<List<String>> rows, List<Integer> angels) {
        Set<List<String>> seen = new HashSet<>();
        for (List<String> row : rows) {
            List<String> p = new ArrayList<>(angels.size());
            for (int a : angels) p.add(row.get(a));
            seen.add(p);
        }
        return seen.size();
    }

    /** Whether T = π_A1(T) × … × π_Ak(T) for distinct rows. */
    static boolean isValid(List<List<String>> distinctRows, List<List<Integer>> blocks) {
        double product = 1;
        for (List<Integer> b : blocks) product *= projectionSize(distinctRows, b);
        return product == distinctRows.size();
    }

    /** Whether some split of {@code block} into two non-empty parts is valid on its own projection. */
    static boolean canSplit(List<List<String>> distinctRows, List<Integer> block) {
        int m = block.size();
        if (m < 2) return false;
        int whole = projectionSize(distinctRows, block);
        for (int bits = 1; bits < (1 << (m - 1)); bits++) {
            List<Integer> left = new ArrayList<>();
            List<Integer> right = new ArrayList<>();
            left.add(block.get(m - 1));
            for (int i = 0; i < m - 1; i++) ((bits >> i & 1) == 1 ? right : left).add(block.get(i));
            if ((long) projectionSize(distinctRows, left) * projectionSize(distinctRows, right) == whole) return true;
        }
        return false;
    }

    /** Valid, and no block splits further: by uniqueness of the finest partition, this is the finest. */
    static boolean isFinestValid(List<List<String>> distinctRows, List<List<Integer>> blocks) {
        if (!isValid(distinctRows, blocks)) return false;
        for (List<Integer> b : blocks) {
            if (canSplit(distinctRows, b)) return false;
        }
        return true;
    }

    /** The finest valid partition by trying every set partition of the angels (Bell(k) of them; k ≤ 9). */
    static List<List<Integer>> bruteForceFinest(List<List<String>> distinctRows, int angels) {
        List<List<List<Integer>>> valid = new ArrayList<>();
        enumerate(0, angels, new ArrayList<>(), p -> {
            if (isValid(distinctRows, p)) valid.add(copy(p));
        });
        List<List<Integer>> finest = null;
        for (List<List<Integer>> p : valid) {
            if (finest == null || p.size() > finest.size()) finest = p;
        }
        for (List<List<Integer>> p : valid) {
            if (!refines(finest, p)) throw new AssertionError("valid partitions without a unique finest one: " + p);
        }
        return finest;
    }

    private static boolean refines(List<List<Integer>> fine, List<List<Integer>> coarse) {
        for (List<Integer> f : fine) {
            boolean inside = false;
            for (List<Integer> c : coarse) inside |= c.containsAll(f);
            if (!inside) return false;
        }
        return true;
    }

    private static List<List<Integer>> copy(List<List<Integer>> p) {
        List<List<Integer>> c = new ArrayList<>();
        for (List<Integer> b : p) c.add(List.copyOf(b));
        return c;
    }

    private static void enumerate(int next, int angels, List<List<Integer>> blocks,
                                  java.util.function.Consumer<List<List<Integer>>> visit) {
        if (next == angels) {
            visit.accept(blocks);
            return;
        }
        for (int i = 0, existing = blocks.size(); i < existing; i++) {
            List<Integer> b = blocks.get(i);
            b.add(next);
            enumerate(next + 1, angels, blocks, visit);
            b.remove(b.size() - 1);
        }
        List<Integer> fresh = new ArrayList<>(List.of(next));
        blocks.add(fresh);
        enumerate(next + 1, angels, blocks, visit);
        blocks.remove(blocks.size() - 1);
    }

    /** The rows of a trace set as token lists. */
    static List<List<String>> rows(TraceSet set) {
        List<List<String>> rows = new ArrayList<>();
        for (int r = 0; r < set.size(); r++) {
            List<String> row = new ArrayList<>();
            for (int a = 0; a < set.angels(); a++) row.add(set.token(r, a));
            rows.add(row);
        }
        return rows;
    }
}

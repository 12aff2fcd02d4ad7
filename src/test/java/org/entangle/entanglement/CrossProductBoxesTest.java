package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Maximal boxes along refinements into 2, 3 and 4 parts agree with a brute force over all boxes. */
class CrossProductBoxesTest {

    @Test
    void maximalBoxesAgreeWithBruteForce() {
        for (long seed = 1; seed <= 60; seed++) {
            Random random = new Random(seed);
            int angels = 3 + random.nextInt(2);
            List<List<String>> rows = new ArrayList<>();
            int count = 3 + random.nextInt(10);
            for (int i = 0; i < count; i++) {
                List<String> row = new ArrayList<>();
                for (int a = 0; a < angels; a++) row.add(Integer.toString(random.nextInt(2)));
                rows.add(row);
            }
            TraceSet set = PlantedPartitionTest.toTraceSet(rows, angels);
            int[][] parts = random.nextBoolean() ? singletons(angels) : new int[][] {{0, 1}, rangeFrom(2, angels)};
            CrossProductBoxes.Result result = CrossProductBoxes.of(set, parts, 1_000_000);
            assertTrue(result.complete());
            Set<CrossProductBoxes.Box> expected = bruteForce(set, parts);
            assertEquals(expected, new HashSet<>(result.boxes()), "seed " + seed);
            if (parts.length == 2) {
                assertEquals(CrossProducts.of(set, parts[0], 1_000_000).bicliques().size(), result.boxes().size(), "seed " + seed);
            }
        }
        System.out.println("CrossProductBoxesTest seeds 1..60");
    }

    private static int[][] singletons(int angels) {
        int[][] parts = new int[angels][];
        for (int a = 0; a < angels; a++) parts[a] = new int[] {a};
        return parts;
    }

    private static int[] rangeFrom(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) r[i] = from + i;
        return r;
    }

    private static Set<CrossProductBoxes.Box> bruteForce(TraceSet set, int[][] parts) {
        Set<List<List<Integer>>> traces = new HashSet<>();
        List<List<List<Integer>>> projections = new ArrayList<>();
        for (int[] part : parts) projections.add(new ArrayList<>());
        for (int r = 0; r < set.size(); r++) {
            List<List<Integer>> row = new ArrayList<>();
            for (int p = 0; p < parts.length; p++) {
                List<Integer> tuple = new ArrayList<>();
                for (int a : parts[p]) tuple.add(set.code(r, a));
                row.add(tuple);
                if (!projections.get(p).contains(tuple)) projections.get(p).add(tuple);
            }
            traces.add(row);
        }
        List<CrossProductBoxes.Box> boxes = new ArrayList<>();
        collect(projections, traces, 0, new ArrayList<>(), boxes);
        Set<CrossProductBoxes.Box> maximal = new HashSet<>();
        for (CrossProductBoxes.Box b : boxes) {
            boolean dominated = boxes.stream().anyMatch(o -> !o.equals(b) && contains(o, b));
            if (!dominated) maximal.add(b);
        }
        return maximal;
    }

    private static void collect(List<List<List<Integer>>> projections, Set<List<List<Integer>>> traces, int part,
                                List<Set<List<Integer>>> sides, List<CrossProductBoxes.Box> out) {
        if (part == projections.size()) {
            if (inside(sides, traces, 0, new ArrayList<>())) out.add(new CrossProductBoxes.Box(new ArrayList<>(sides)));
            return;
        }
        List<List<Integer>> values = projections.get(part);
        for (int mask = 1; mask < 1 << values.size(); mask++) {
            Set<List<Integer>> side = new LinkedHashSet<>();
            for (int i = 0; i < values.size(); i++) if ((mask & (1 << i)) != 0) side.add(values.get(i));
            sides.add(side);
            collect(projections, traces, part + 1, sides, out);
            sides.remove(sides.size() - 1);
        }
    }

    private static boolean inside(List<Set<List<Integer>>> sides, Set<List<List<Integer>>> traces, int i, List<List<Integer>> tuple) {
        if (i == sides.size()) return traces.contains(tuple);
        for (List<Integer> v : sides.get(i)) {
            tuple.add(v);
            boolean ok = inside(sides, traces, i + 1, tuple);
            tuple.remove(tuple.size() - 1);
            if (!ok) return false;
        }
        return true;
    }

    private static boolean contains(CrossProductBoxes.Box outer, CrossProductBoxes.Box inner) {
        for (int i = 0; i < outer.sides().size(); i++) {
            if (!outer.sides().get(i).containsAll(inner.sides().get(i))) return false;
        }
        return true;
    }
}

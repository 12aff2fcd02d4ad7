package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Randomised planted factorisations: random blocks of angels, random value tuples per block (each block's tuple set
 * itself indecomposable), their product; optionally minus a few traces, which plants entanglement. Seeds are
 * fixed and printed.
 */
class PlantedPartitionTest {

    @Test
    void recoversThePlantedFinestPartition() {
        for (long seed = 1; seed <= 150; seed++) {
            Random random = new Random(seed);
            int angels = 1 + random.nextInt(16);
            Planted planted = plant(random, angels, 20_000);
            TraceSet set = toTraceSet(planted.rows, angels);
            Partition partition = FinestPartition.of(set);
            assertEquals(planted.blocks, partition.angelLists(), "seed " + seed);
            assertEquals(planted.rows.size(), set.size(), "seed " + seed);
            double shares = partition.blocks().stream().mapToDouble(Block::share).sum();
            assertEquals(set.size() == 1 ? 0 : 1, shares, 1e-9, "seed " + seed);
        }
        System.out.println("PlantedPartitionTest: seeds 1..150 recovered");
    }

    @Test
    void agreesWithBruteForceOverAllSetPartitions() {
        for (long seed = 1; seed <= 60; seed++) {
            Random random = new Random(seed);
            int angels = 1 + random.nextInt(8);
            Planted planted = plant(random, angels, 300);
            List<List<String>> rows = new ArrayList<>(planted.rows);
            int remove = Math.min(rows.size() - 1, random.nextInt(4));
            Collections.shuffle(rows, random);
            rows = new ArrayList<>(rows.subList(remove, rows.size()));
            TraceSet set = toTraceSet(rows, angels);
            List<List<Integer>> expected = PartitionOracle.bruteForceFinest(PartitionOracle.rows(set), angels);
            expected.sort((a, b) -> Integer.compare(a.get(0), b.get(0)));
            assertEquals(expected, FinestPartition.of(set).angelLists(), "seed " + seed + ", " + remove + " removed");
        }
        System.out.println("PlantedPartitionTest: seeds 1..60 agree with brute force");
    }

    record Planted(List<List<Integer>> blocks, List<List<String>> rows) {
    }

    /** Random blocks and indecomposable tuple sets whose product has at most {@code maxRows} rows. */
    static Planted plant(Random random, int angels, int maxRows) {
        List<Integer> order = new ArrayList<>();
        for (int a = 0; a < angels; a++) order.add(a);
        Collections.shuffle(order, random);
        List<List<Integer>> blocks = new ArrayList<>();
        for (int i = 0; i < angels; ) {
            int size = Math.min(angels - i, 1 + random.nextInt(4));
            List<Integer> block = new ArrayList<>(order.subList(i, i + size));
            Collections.sort(block);
            blocks.add(block);
            i += size;
        }
        blocks.sort((a, b) -> Integer.compare(a.get(0), b.get(0)));
        int budget = maxRows;
        List<List<List<String>>> tuples = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            int left = blocks.size() - b - 1;
            int cap = Math.max(1, (int) Math.floor(budget / Math.pow(2, left)));
            List<List<String>> t = indecomposableTuples(random, blocks.get(b).size(), Math.min(cap, 6));
            tuples.add(t);
            budget /= t.size();
        }
        List<List<String>> rows = new ArrayList<>();
        product(blocks, tuples, 0, new String[angels], rows);
        return new Planted(blocks, rows);
    }

    private static List<List<String>> indecomposableTuples(Random random, int width, int maxCount) {
        List<Integer> all = new ArrayList<>();
        for (int a = 0; a < width; a++) all.add(a);
        while (true) {
            int count = width == 1 ? 1 + random.nextInt(Math.max(1, maxCount)) : 2 + random.nextInt(Math.max(1, maxCount - 1));
            Set<List<String>> set = new LinkedHashSet<>();
            for (int i = 0; i < count * 3 && set.size() < count; i++) {
                List<String> t = new ArrayList<>();
                for (int a = 0; a < width; a++) t.add(Integer.toString(random.nextInt(3)));
                set.add(t);
            }
            List<List<String>> tuples = new ArrayList<>(set);
            if (width == 1 || !PartitionOracle.canSplit(tuples, all)) return tuples;
        }
    }

    private static void product(List<List<Integer>> blocks, List<List<List<String>>> tuples, int b, String[] row,
                                List<List<String>> out) {
        if (b == blocks.size()) {
            out.add(List.of(row.clone()));
            return;
        }
        for (List<String> t : tuples.get(b)) {
            for (int i = 0; i < t.size(); i++) row[blocks.get(b).get(i)] = t.get(i);
            product(blocks, tuples, b + 1, row, out);
        }
    }

    static TraceSet toTraceSet(List<List<String>> rows, int angels) {
        List<AngelDomain> domains = new ArrayList<>();
        for (int a = 0; a < angels; a++) {
            Set<String> values = new HashSet<>(List.of("0", "1", "2"));
            domains.add(new AngelDomain("a" + a, new ArrayList<>(new java.util.TreeSet<>(values))));
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        for (List<String> row : rows) {
            int[] codes = new int[angels];
            for (int a = 0; a < angels; a++) codes[a] = domains.get(a).code(row.get(a));
            builder.add(codes);
        }
        return builder.build();
    }
}

package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CrossProductsTest {

    @Test
    void aFactoringSplitIsOneBiclique() throws IOException {
        Path z4 = Path.of("src/test/resources/onward15-traces/z4.csv");
        TraceSet set = TraceCsv.read(Files.newBufferedReader(z4), "z4.csv", TraceCsv.Header.AUTO);
        CrossProducts.Result result = CrossProducts.of(set, new int[] {0, 5, 1, 7}, 1000);
        assertTrue(result.factors());
        CrossProducts.Result entangled = CrossProducts.of(set, new int[] {0}, 1000);
        assertFalse(entangled.factors());
        assertEquals(2, entangled.bicliques().size(), "a0 = a5: the traces split into a0 = 0 and a0 = 1");
    }

    /** Against the definition: every biclique lies in T and is maximal, every trace is covered, none is missed. */
    @Test
    void bicliquesAreExactlyTheMaximalOnes() {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            int angels = 2 + random.nextInt(4);
            List<List<String>> rows = new ArrayList<>();
            int count = 1 + random.nextInt(20);
            for (int i = 0; i < count; i++) {
                List<String> row = new ArrayList<>();
                for (int a = 0; a < angels; a++) row.add(Integer.toString(random.nextInt(2)));
                rows.add(row);
            }
            TraceSet set = PlantedPartitionTest.toTraceSet(rows, angels);
            int[] part = {0};
            CrossProducts.Result result = CrossProducts.of(set, part, 100_000);
            int heads = result.heads().size();
            int tails = result.tails().size();
            boolean[][] edge = new boolean[heads][tails];
            Set<List<String>> traces = new HashSet<>(PartitionOracle.rows(set));
            for (int h = 0; h < heads; h++) {
                for (int t = 0; t < tails; t++) {
                    List<String> row = new ArrayList<>();
                    row.add(result.heads().token(h, 0));
                    for (int j = 0; j < result.rest().length; j++) row.add(result.tails().token(t, j));
                    edge[h][t] = traces.contains(row);
                }
            }
            Set<String> expected = new HashSet<>();
            for (int mask = 1; mask < (1 << heads); mask++) {
                List<Integer> common = new ArrayList<>();
                for (int t = 0; t < tails; t++) {
                    boolean all = true;
                    for (int h = 0; h < heads; h++) all &= (mask >> h & 1) == 0 || edge[h][t];
                    if (all) common.add(t);
                }
                if (common.isEmpty()) continue;
                List<Integer> closure = new ArrayList<>();
                for (int h = 0; h < heads; h++) {
                    boolean all = true;
                    for (int t : common) all &= edge[h][t];
                    if (all) closure.add(h);
                }
                expected.add(closure + "x" + common);
            }
            Set<String> found = new HashSet<>();
            for (CrossProducts.Biclique b : result.bicliques()) {
                found.add(java.util.Arrays.toString(b.heads()) + "x" + java.util.Arrays.toString(b.tails()));
            }
            assertEquals(expected, found, "seed " + seed);
            assertTrue(result.complete());
        }
        System.out.println("CrossProductsTest: seeds 1..40 agree with subset enumeration");
    }
}

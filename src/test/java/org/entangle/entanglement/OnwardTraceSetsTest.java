package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seven trace sets of the Onward! 2015 tool (Torlak and Barman). The expected blocks below were recorded only after
 * {@link PartitionOracle} confirmed them by definition (the product of the blocks' projection sizes is |T| and no
 * block splits into two); the test re-runs that check on every run, on rows parsed here without
 * {@link TraceCsv}.
 */
class OnwardTraceSetsTest {

    private static final Path DATA = Path.of("src/test/resources/onward15-traces");

    static Stream<Arguments> files() {
        return Stream.of(
                Arguments.of("z4.csv", 16, "[[0, 5], [1, 7], [2, 4], [3, 6]]"),
                Arguments.of("z8.csv", 64, "[[0, 7], [1, 9], [2, 11], [3, 6], [4, 8], [5, 10]]"),
                Arguments.of("z16.csv", 256, "[[0, 9], [1, 11], [2, 13], [3, 15], [4, 8], [5, 10], [6, 12], [7, 14]]"),
                Arguments.of("h4.csv", 16, "[[0, 1, 2, 3, 4, 5, 6, 7]]"),
                Arguments.of("h8.csv", 64, "[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]"),
                Arguments.of("h16.csv", 256, "[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]]"),
                Arguments.of("SODA.csv", 1532, "[[0], [1], [2], [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void blocksAreTheUniqueFinestPartition(String file, int traces, String expected) throws IOException {
        Path path = DATA.resolve(file);
        TraceSet set = TraceCsv.read(Files.newBufferedReader(path), file, TraceCsv.Header.AUTO);
        Partition partition = FinestPartition.of(set);
        List<List<String>> independentRows = parseIndependently(path);

        assertEquals(traces, set.size());
        assertEquals(independentRows.size(), set.size());
        assertTrue(PartitionOracle.isFinestValid(independentRows, partition.angelLists()),
                file + ": " + partition.angelLists() + " is not the finest valid partition");
        assertEquals(expected, partition.angelLists().toString());
        System.out.println(file + ": " + traces + " traces, blocks " + partition.angelLists());
        double shares = 0;
        for (Block b : partition.blocks()) {
            assertEquals(PartitionOracle.projectionSize(independentRows, b.angels()), b.combinations(), file + " " + b);
            shares += b.share();
        }
        assertEquals(1, shares, 1e-9);
    }

    /** Pairwise edges by definition; each component inside one block; on h4 the approximation is strictly finer. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void pairwiseGraphIsTheApproximation(String file, int traces, String expected) throws IOException {
        Path path = DATA.resolve(file);
        TraceSet set = TraceCsv.read(Files.newBufferedReader(path), file, TraceCsv.Header.AUTO);
        PairwiseEntanglement pairwise = PairwiseEntanglement.of(set);
        Partition partition = FinestPartition.of(set);
        List<List<String>> rows = parseIndependently(path);
        for (int a = 0; a < set.angels(); a++) {
            for (int b = a + 1; b < set.angels(); b++) {
                boolean byDefinition = PartitionOracle.projectionSize(rows, List.of(a, b))
                        != PartitionOracle.projectionSize(rows, List.of(a)) * PartitionOracle.projectionSize(rows, List.of(b));
                assertEquals(byDefinition, pairwise.entangled(a, b), file + " pair " + a + "," + b);
                if (byDefinition) {
                    assertTrue(pairwise.mutualInformation()[a][b] > 1e-12, "a missing value pair makes them dependent: " + file);
                    assertTrue(pairwise.missingFraction()[a][b] > 0, file);
                }
            }
        }
        for (List<Integer> component : pairwise.components()) {
            int block = partition.blockOf(component.get(0));
            for (int a : component) assertEquals(block, partition.blockOf(a), file + " component " + component);
        }
        if (file.equals("h4.csv")) {
            assertEquals(1, partition.blocks().size());
            assertEquals(7, pairwise.components().size(), "pairwise independence does not prove separability");
        }
    }

    private static List<List<String>> parseIndependently(Path path) throws IOException {
        Set<List<String>> distinct = new LinkedHashSet<>();
        for (String line : Files.readAllLines(path)) {
            if (!line.isBlank()) distinct.add(List.of(line.split(",")));
        }
        return new ArrayList<>(distinct);
    }
}

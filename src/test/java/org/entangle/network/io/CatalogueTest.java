package org.entangle.network.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.entangle.network.Network;
import org.entangle.network.Schedules;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every network file in {@code networks/} (the directory surefire passes as {@code networks.dir}) loads, is a
 * correct scan under the spec it declares, round-trips through both forms, is listed with its provenance in
 * networks/README.md, and — when it is named after a family as {@code family-n[-pP][-note]} — performs the
 * same computation as that family's network and, at n = 2^k, has the size and depth of the classic families' formulas.
 */
class CatalogueTest {

    private static final Pattern FAMILY_FILE = Pattern.compile("([a-z-]+?)-(\\d+)(?:-p(\\d+))?(?:-[a-z]+)?");

    /** {size, depth} at n = 2^k, k = log2 n (the classic families' table; Ladner–Fischer P0 by its recursion). */
    private static final Map<String, IntFunction<int[]>> FORMULAS = Map.of(
            "serial", k -> new int[] {(1 << k) - 1, (1 << k) - 1},
            "sklansky", k -> new int[] {(1 << k) / 2 * k, k},
            "kogge-stone", k -> new int[] {(1 << k) * k - (1 << k) + 1, k},
            "brent-kung", k -> new int[] {2 * (1 << k) - k - 2, Math.max(k, 2 * k - 2)},
            "han-carlson", k -> new int[] {(1 << k) / 2 * k, k + 1},
            "blelloch", k -> new int[] {2 * ((1 << k) - 1), -1});

    /** Ladner–Fischer P0 sizes at n = 8, 16, 32, 64 (31@4, 74@5, 168@6; 12@3 at n = 8). */
    private static final Map<Integer, Integer> LADNER_FISCHER_P0 = Map.of(8, 12, 16, 31, 32, 74, 64, 168);

    static Path directory() {
        String dir = System.getProperty("networks.dir", "networks");
        return Path.of(dir);
    }

    static Stream<Path> networkFiles() throws IOException {
        try (Stream<Path> files = Files.list(directory())) {
            List<Path> list = files.filter(p -> {
                String name = p.getFileName().toString();
                return name.endsWith(".json") || name.endsWith(".txt") || name.endsWith(".net");
            }).sorted().toList();
            return list.stream();
        }
    }

    @Test
    void theCatalogueHoldsEveryFamilyAtEightSixteenAndThirtyTwoAndTheTalksExample() {
        for (NetworkFamily family : Families.all()) {
            for (int n : new int[] {8, 16, 32}) {
                assertTrue(Files.exists(directory().resolve(family.name() + "-" + n + ".json")), family.name() + "-" + n);
                Matcher m = FAMILY_FILE.matcher(family.name() + "-" + n);
                assertTrue(m.matches() && m.group(1).equals(family.name()), "the file name is recognised as " + family.name());
            }
        }
        assertTrue(Files.exists(directory().resolve("brent-kung-16-talk.json")));
        Matcher talk = FAMILY_FILE.matcher("brent-kung-16-talk");
        assertTrue(talk.matches() && talk.group(1).equals("brent-kung") && talk.group(2).equals("16"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networkFiles")
    void everyFileIsACorrectScanUnderItsDeclaredSpec(Path file) throws IOException {
        Network network = NetworkFiles.load(file);
        CheckResult result = RangeChecker.check(network);
        assertTrue(result.correct(), () -> file + ": " + result.failure().message());
        assertNotNull(network.provenance(), file + " states its provenance");
        assertEquals(network, NetworkJsonReader.read("again.json", NetworkJsonWriter.write(network)));
        assertEquals(network, NetworkTextFormat.read("again.txt", NetworkTextFormat.write(network)));
        String readme = Files.readString(directory().resolve("README.md"));
        assertTrue(readme.contains("`" + file.getFileName() + "`"), file.getFileName() + " is listed in networks/README.md");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networkFiles")
    void familyFilesMatchTheirFamilyAndItsFormulas(Path file) {
        String stem = file.getFileName().toString().replaceFirst("\\.[a-z]+$", "");
        Matcher m = FAMILY_FILE.matcher(stem);
        if (!m.matches() || !Families.names().contains(m.group(1))) return;
        String family = m.group(1);
        int n = Integer.parseInt(m.group(2));
        Network network = NetworkFiles.load(file);
        NetworkFamily f = Families.byName(family);
        int param = m.group(3) == null ? f.defaultParameter() : Integer.parseInt(m.group(3));
        Network built = Families.build(family, n, param);
        assertEquals(n, network.width());
        assertTrue(Schedules.sameComputation(built, network), file + " computes what " + family + " builds");
        NetworkMetrics metrics = Metrics.of(network);
        NetworkMetrics expected = Metrics.of(built);
        assertEquals(expected.size(), metrics.size());
        assertEquals(expected.depth(), metrics.depth());
        assertEquals(expected.maxFanout(), metrics.maxFanout());
        if (Integer.bitCount(n) != 1) return;
        int k = Integer.numberOfTrailingZeros(n);
        if (FORMULAS.containsKey(family)) {
            int[] sizeDepth = FORMULAS.get(family).apply(k);
            assertEquals(sizeDepth[0], metrics.size(), file + " size");
            if (sizeDepth[1] >= 0) assertEquals(sizeDepth[1], metrics.depth(), file + " depth");
        }
        if (family.equals("blelloch")) assertEquals(k, metrics.identityCombines(), file + " combines with the identity log2 n times");
        if (family.equals("ladner-fischer") && param == 0) {
            assertEquals(LADNER_FISCHER_P0.get(n), metrics.size(), file + " size");
            assertEquals(k, metrics.depth(), file + " depth");
        }
    }
}

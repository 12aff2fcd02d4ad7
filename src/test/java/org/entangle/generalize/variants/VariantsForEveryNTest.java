package org.entangle.generalize.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.Verification;
import org.entangle.banks.BankModel;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.ProgramLanes;
import org.entangle.banks.RemapCheck;
import org.entangle.banks.SharedMemoryLayout;
import org.entangle.generalize.variants.ProgramVariants.Variant;
import org.entangle.lang.Builtins;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * Every variant keeps its source's range of N: each variant of each shipped deterministic program it applies to
 * verifies (range semantics, and the segmented check for segmented ones) for every N = 1..300, radix k included
 * (mixed radix at the boundary), and the bank-remapped shared-memory layout of each program computes its scan.
 */
class VariantsForEveryNTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));
    private static final int MAX_N = 300;
    private static final long SEED = 7L;
    private static final CancellationToken TOKEN = CancellationToken.withTimeout(600);
    private static final List<Integer> NS = IntStream.rangeClosed(1, MAX_N).boxed().toList();

    /** The shipped programs without angels or holes (the ones a variant can be derived from), by file name. */
    private static Map<String, Program> shippedAlgorithms() throws IOException {
        Map<String, Program> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(NETWORKS)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".angel")).sorted().toList()) {
                String text = Files.readString(file);
                Program program = Program.parse(text);
                if (!program.hasAngels() && !text.contains("??")) out.put(file.getFileName().toString(), program);
            }
        }
        return out;
    }

    @Test
    void everyVariantOfEveryShippedProgramVerifiesForEveryNUpTo300() throws IOException {
        Map<String, Program> programs = shippedAlgorithms();
        assertTrue(programs.keySet().containsAll(List.of("brent-kung.angel", "kogge-stone.angel", "sklansky.angel",
                "brent-kung-radix3.angel", "brent-kung-backward.angel")), programs.keySet().toString());
        Set<Variant> appliedToBrentKung = EnumSet.noneOf(Variant.class);
        List<String> verified = new ArrayList<>();
        for (Map.Entry<String, Program> source : programs.entrySet()) {
            for (Variant variant : Variant.values()) {
                String text;
                try {
                    text = ProgramVariants.derive(source.getValue(), variant);
                } catch (IllegalArgumentException doesNotApply) {
                    assertFalse(doesNotApply.getMessage().isBlank(), source.getKey() + " " + variant.token());
                    continue;
                }
                Verification v = VariantVerifier.verify(Program.parse(text), NS, SEED, TOKEN);
                String what = variant.token() + " of " + source.getKey();
                assertTrue(v.passed(), what + ": " + v.firstFailure().map(Verification.Failure::message).orElse(""));
                assertEquals(MAX_N, v.verifiedUpTo(), what);
                verified.add(what);
                if (source.getKey().equals("brent-kung.angel")) appliedToBrentKung.add(variant);
            }
        }
        assertEquals(EnumSet.allOf(Variant.class), appliedToBrentKung, "every variant applies to the Brent-Kung program");
        System.out.println("VariantsForEveryNTest: " + verified.size() + " variants verified for N = 1.." + MAX_N + " (seed " + SEED + "): "
                + String.join(", ", verified));
    }

    @Test
    void theShippedProgramsThemselvesVerifyForEveryNUpTo300() throws IOException {
        for (Map.Entry<String, Program> source : shippedAlgorithms().entrySet()) {
            Verification v = VariantVerifier.verify(source.getValue(), NS, SEED, TOKEN);
            assertTrue(v.passed(), source.getKey() + ": " + v.firstFailure().map(Verification.Failure::message).orElse(""));
        }
    }

    /**
     * The bank-remapped variant: the layout {@link SharedMemoryLayout} gives the code generator (element i at
     * slot(i)) computes the scan, for every shipped program the bank analysis can trace, at every N = 1..300 (the
     * remap search scores every candidate formula at every N, seconds per program); the N are checked in parallel.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void theBankRemappedLayoutComputesTheScan() throws IOException {
        List<String> checked = new ArrayList<>();
        for (Map.Entry<String, Program> source : shippedAlgorithms().entrySet()) {
            int max = MAX_N;
            if (!traceable(source.getValue())) continue;
            List<String> broken = IntStream.rangeClosed(1, max).parallel().mapToObj(n -> {
                IndexRemap remap = SharedMemoryLayout.remap(source.getValue(), n, BankModel.DEFAULT, ProgramLanes.INDEX);
                Network network = ProgramInstances.at(source.getValue(), n, TOKEN);
                return RemapCheck.preserves(network, remap) ? null : "N = " + n + " under " + remap;
            }).filter(Objects::nonNull).toList();
            assertTrue(broken.isEmpty(), source.getKey() + ": " + broken);
            checked.add(source.getKey() + " (N = 1.." + max + ")");
        }
        assertTrue(checked.contains("brent-kung.angel (N = 1.." + MAX_N + ")"), checked.toString());
        System.out.println("VariantsForEveryNTest: bank-remapped layouts checked: " + String.join(", ", checked));
    }

    private static boolean traceable(Program program) {
        try {
            SharedMemoryLayout.remap(program, 4, BankModel.DEFAULT, ProgramLanes.INDEX);
            return true;
        } catch (IllegalArgumentException notCountable) {
            return false;
        }
    }

    /**
     * Radix k at N = k^L: size 2N − 2 − (k − 1)L, kL − 1 non-empty steps and depth kL − 2 for L ≥ 2 (see
     * {@link RadixTransform}), and verification fits those forms over the powers of 3; the loops run the fewest
     * levels L with 2·k^L &gt; N, log3 levels, not log2.
     */
    @Test
    void radixKHasItsClosedFormsAtPowersOfKAndLoopsLogKTimes() throws IOException {
        Program brentKung = Program.parse(Files.readString(NETWORKS.resolve("brent-kung.angel")));
        for (Variant variant : List.of(Variant.RADIX3, Variant.RADIX4)) {
            int k = variant.radix();
            Program radix = Program.parse(ProgramVariants.derive(brentKung, variant));
            for (int n = k, levels = 1; n <= 1024; n *= k, levels++) {
                Network network = ProgramInstances.at(radix, n, TOKEN);
                String where = variant.token() + " at N = " + n;
                assertEquals(2 * n - 2 - (k - 1) * levels, Metrics.of(network).size(), "size, " + where);
                assertEquals(k * levels - 1, network.withoutEmptySteps().stepCount(), "steps, " + where);
                if (levels >= 2) assertEquals(k * levels - 2, Metrics.of(network).depth(), "depth, " + where);
            }
        }
        Verification fitted = VariantVerifier.verify(Program.parse(Files.readString(NETWORKS.resolve("brent-kung-radix3.angel"))),
                NS, SEED, TOKEN);
        assertEquals("2N − 2log3 N − 2 for N = 3^k", fitted.sizeForm().orElseThrow().withDomain());
        assertEquals("3log3 N − 2 for N = 3^k ≥ 9", fitted.depthForm().orElseThrow().withDomain());
        assertEquals("3log3 N − 1 for N = 3^k ≥ 3", fitted.stepsForm().orElseThrow().withDomain());
        String text = Files.readString(NETWORKS.resolve("brent-kung-radix3.angel"));
        assertFalse(text.contains("log2"), text);
        assertTrue(text.contains("for step in 1 .. log(3, 3 * (N / 2) + 2)"), text);
        for (int n = 1; n <= MAX_N; n++) {
            int fewest = 0;
            while (2 * (int) Math.pow(3, fewest) <= n) fewest++;
            assertEquals(fewest, Builtins.floorLog(3, 3 * (n / 2) + 2), "levels at N = " + n);
        }
    }
}

package org.entangle.network.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.junit.jupiter.api.Test;

/**
 * The range checker's verdict for every associative operator agrees with brute force: a network is correct iff
 * evaluating it under a non-commutative operator (string concatenation, 2×2 matrix product) on random inputs
 * gives the sequential scan. Networks: random correct scans (the talk's trace space), their mirror images and
 * exclusive shifts, one-op mutations (delete or move) of all of these, and fully random networks of every op
 * kind in both models; every kind and direction of result is checked.
 */
class CheckerAgreesWithEvaluationTest {

    private static final int TRIALS = 400;

    @Test
    void rangeVerdictsAgreeWithStringConcatenation() {
        // Distinct tokens make concatenation injective on sequences: agreement must be exact.
        assertAgreement(20261122L, Monoid.CONCAT, (random, n) -> distinctTokens(random, n));
    }

    @Test
    void rangeVerdictsAgreeWithTheMatrixProduct() {
        assertAgreement(77L, Monoid.MATRIX, (random, n) -> {
            List<Matrix2> inputs = new ArrayList<>();
            for (int i = 0; i < n; i++) inputs.add(Matrix2.random(random));
            return inputs;
        });
    }

    /** Draws the inputs of a network of width n. */
    @FunctionalInterface
    private interface Inputs<T> {
        List<T> draw(Random random, int n);
    }

    private static <T> void assertAgreement(long seed, Monoid<T> monoid, Inputs<T> inputs) {
        System.out.println("CheckerAgreesWithEvaluationTest " + monoid.name() + " seed " + seed);
        Random random = new Random(seed);
        int correct = 0;
        int wrong = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            for (Network network : candidates(random)) {
                for (ScanSpec spec : associativeSpecs()) {
                    boolean verdict = RangeChecker.check(network, spec).correct();
                    boolean evaluated = true;
                    for (int draw = 0; draw < 2; draw++) {
                        List<T> values = inputs.draw(random, network.width());
                        evaluated &= SequentialScan.agrees(spec, values, monoid, Evaluator.evaluate(network, values, monoid));
                    }
                    assertEquals(verdict, evaluated, () -> "seed " + seed + ", " + spec + ": " + network.steps());
                    if (verdict) correct++;
                    else wrong++;
                }
            }
        }
        System.out.println("  " + correct + " correct and " + wrong + " wrong (network, spec) pairs agreed");
        assertTrue(correct >= TRIALS, "too few correct samples: " + correct);
        assertTrue(wrong >= TRIALS, "too few wrong samples: " + wrong);
    }

    private static List<Network> candidates(Random random) {
        int width = 1 + random.nextInt(12);
        Network scan = RandomNetworks.correctScan(random, width);
        List<NetworkFamily> families = Families.all();
        Network family = Families.build(families.get(random.nextInt(families.size())).name(), 1 + random.nextInt(12));
        List<Network> bases = List.of(scan, RandomNetworks.mirrored(scan), RandomNetworks.shiftedToExclusive(scan),
                scan.withModel(MemoryModel.CIRCUIT), family);
        List<Network> out = new ArrayList<>(bases);
        for (Network base : bases) {
            Network mutant = RandomNetworks.mutated(random, base);
            if (mutant != null) out.add(mutant);
        }
        out.add(RandomNetworks.fullyRandom(random));
        return out;
    }

    private static List<ScanSpec> associativeSpecs() {
        List<ScanSpec> specs = new ArrayList<>();
        for (ResultKind kind : ResultKind.values()) {
            for (Direction direction : Direction.values()) specs.add(new ScanSpec(kind, direction, Algebra.ASSOCIATIVE));
        }
        return specs;
    }

    private static List<String> distinctTokens(Random random, int n) {
        Set<Integer> used = new HashSet<>();
        List<String> tokens = new ArrayList<>();
        while (tokens.size() < n) {
            int k = random.nextInt(1000);
            if (used.add(k)) tokens.add("<" + k + ">");
        }
        return tokens;
    }
}

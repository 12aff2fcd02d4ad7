package org.entangle.network.families;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.network.InvalidNetworkException;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;
import org.entangle.network.eval.Evaluator;
import org.entangle.network.eval.Monoid;
import org.entangle.network.eval.SequentialScan;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.junit.jupiter.api.Test;

/**
 * Networks made by deleting or moving one random op of a correct family network: deletions are always
 * reported wrong, and for every mutant the checker's verdict equals brute-force evaluation under string
 * concatenation of distinct letters (the free monoid, so exact for every associative operator).
 */
class MutationTest {

    private static final long SEED = 20261122L;
    private static final String[] FAMILIES = {"serial", "sklansky", "kogge-stone", "brent-kung", "han-carlson", "ladner-fischer", "brent-kung-radix"};

    private static boolean scanByEvaluation(Network net) {
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < net.width(); i++) inputs.add("<" + i + ">");
        return SequentialScan.agrees(net.spec(), inputs, Monoid.CONCAT, Evaluator.evaluate(net, inputs, Monoid.CONCAT));
    }

    @Test
    void deletingAnyOneOpMakesEveryFamilyWrongAndTheCheckerSaysWhere() {
        System.out.println("MutationTest seed " + SEED);
        Random random = new Random(SEED);
        int trials = 0;
        for (int t = 0; t < 3000; t++) {
            String family = FAMILIES[random.nextInt(FAMILIES.length)];
            int n = 2 + random.nextInt(63);
            Network net = Families.build(family, n);
            List<List<Op>> steps = mutableSteps(net);
            int s = randomNonEmptyStep(steps, random);
            steps.get(s).remove(random.nextInt(steps.get(s).size()));
            Network mutant = rebuild(net, steps);
            CheckResult r = RangeChecker.check(mutant);
            assertFalse(r.correct(), family + " n=" + n + " still correct after a deletion in step " + s);
            assertNotNull(r.failure());
            assertFalse(scanByEvaluation(mutant));
            trials++;
        }
        assertEquals(3000, trials);
    }

    @Test
    void movingOneOpToAnotherStepGivesTheSameVerdictAsEvaluation() {
        System.out.println("MutationTest seed " + SEED);
        Random random = new Random(SEED + 1);
        int wrong = 0;
        int mutants = 0;
        while (mutants < 3000) {
            String family = FAMILIES[random.nextInt(FAMILIES.length)];
            int n = 2 + random.nextInt(63);
            Network net = Families.build(family, n);
            if (net.stepCount() < 2) continue;
            List<List<Op>> steps = mutableSteps(net);
            int from = randomNonEmptyStep(steps, random);
            Op op = steps.get(from).remove(random.nextInt(steps.get(from).size()));
            int to = random.nextInt(steps.size());
            if (to == from) continue;
            steps.get(to).add(op);
            Network mutant;
            try {
                mutant = rebuild(net, steps);
            } catch (InvalidNetworkException e) {
                continue;
            }
            mutants++;
            boolean correct = RangeChecker.check(mutant).correct();
            assertEquals(scanByEvaluation(mutant), correct, family + " n=" + n + " op " + op + " moved " + from + "->" + to);
            if (!correct) wrong++;
        }
        assertTrue(wrong > 2000, "most moves break a network, got " + wrong + " of 3000 wrong");
    }

    private static List<List<Op>> mutableSteps(Network net) {
        List<List<Op>> steps = new ArrayList<>();
        for (Step s : net.steps()) steps.add(new ArrayList<>(s.ops()));
        return steps;
    }

    private static int randomNonEmptyStep(List<List<Op>> steps, Random random) {
        while (true) {
            int s = random.nextInt(steps.size());
            if (!steps.get(s).isEmpty()) return s;
        }
    }

    private static Network rebuild(Network original, List<List<Op>> steps) {
        List<Step> list = new ArrayList<>();
        for (List<Op> ops : steps) list.add(new Step(ops));
        return original.withSteps(list);
    }
}

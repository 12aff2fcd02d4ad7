package org.entangle.banks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.entangle.network.Network;

/**
 * Synthesises an index remapping that minimises bank conflicts (the talk's "bank conflict avoidance":
 * "we have synthesized [injective] reordering functions"). The grammar: padding i + (i >> a) [+ (i >> b)] and
 * XOR swizzles i ^ ((i >> a) & (banks−1)) [^ ((i >> b) & (banks−1))] with 1 ≤ a &lt; b ≤ ⌈log2 n⌉ + 1. Every
 * candidate is checked injective on 0..n−1 (so the remapped network computes exactly what the original does)
 * and scored by total extra cycles, then by shared-memory footprint, then by expression size; the search is
 * exhaustive over the grammar, so the result is optimal within it.
 *
 * <p>Limit: a remap that depends only on the bank row (i >> 5) cannot serve a warp whose 32 strided accesses
 * start one element past a row boundary as well as the aligned ones — the inclusive Brent–Kung down-sweep under
 * {@link LaneMapping#COMPACT} is such a case — so some conflicts can remain there; for a program's own lanes
 * {@link ProgramBanks#search} adds the {@link LevelSwizzleRemap} and a {@link BankColouring} table.
 */
public final class RemapSearch {

    private RemapSearch() {
    }

    /** The outcome: the best remap's report, the original report, and how many candidates were scored. */
    public record Result(BankReport best, BankReport original, int candidates) {
    }

    /**
     * The grammar's remaps for indices 0..n−1: padding and XOR swizzles with one or two shifts
     * 1 ≤ a &lt; b ≤ ⌈log2 n⌉ + 1 (not yet filtered for injectivity).
     */
    public static List<FormulaRemap> grammar(int n, BankModel model) {
        int maxShift = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)) + 1;
        List<FormulaRemap> candidates = new ArrayList<>();
        for (boolean xor : new boolean[] {false, true}) {
            for (int a = 1; a <= maxShift; a++) {
                candidates.add(new FormulaRemap(xor, a, 0, model.banks() - 1));
                for (int b = a + 1; b <= maxShift; b++) {
                    candidates.add(new FormulaRemap(xor, a, b, model.banks() - 1));
                }
            }
        }
        return candidates;
    }

    public static Result search(Network network, BankModel model, LaneMapping mapping, BooleanSupplier cancelled) {
        int n = network.width();
        BankReport original = BankAnalysis.analyse(network, model, mapping, IndexRemap.IDENTITY);
        List<FormulaRemap> candidates = grammar(n, model);
        Comparator<BankReport> better = Comparator.comparingLong(BankReport::extraCycles)
                .thenComparingLong(r -> r.remap().footprint(n))
                .thenComparingInt(r -> r.remap().expressionSize());
        BankReport best = original;
        int scored = 0;
        for (IndexRemap remap : candidates) {
            if (cancelled.getAsBoolean()) break;
            if (!remap.injectiveUpTo(n)) continue;
            BankReport report = BankAnalysis.analyse(network, model, mapping, remap);
            scored++;
            if (better.compare(report, best) < 0) best = report;
        }
        return new Result(best, original, scored);
    }
}

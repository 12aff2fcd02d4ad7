package org.entangle.oracle;
import org.entangle.work.CancellationToken;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.oracle.forest.ForestSpace;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.TraceSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The paths to a spec form's count agree: the spec form's program text run by the language's memoised oracle, the
 * direct state-space engine, and — for the forms it covers — the forest engine. Every case here is small enough
 * for all; the talk's (8, 6, 16) case is compared too.
 */
@Tag("slow")
class SpecEnginesAgreeTest {

    private static BigInteger viaProgram(SpecForm form) {
        Machine machine = Machine.of(Program.parse(form.programText()), Map.of());
        return new TraceCounter(machine, CancellationToken.withTimeout(600)).countAll();
    }

    private static BigInteger viaForest(SpecForm form) {
        return ForestSpace.of(SpaceSpec.of(form)).count(new CancellationToken());
    }

    private static BigInteger viaSpace(SpecForm form) {
        return TraceSpace.of(SpaceSpec.of(form)).count();
    }

    @Test
    void everySmallSpecFormCountsTheSameThroughBothEngines() {
        List<Constraints> constraints = new ArrayList<>();
        constraints.add(Constraints.NONE);
        constraints.add(Constraints.NONE.withMaxFanout(2));
        constraints.add(Constraints.NONE.withMaxStepFanout(1));
        constraints.add(Constraints.NONE.withMaxOpsPerStep(1));
        constraints.add(Constraints.NONE.withAlgebra(Algebra.COMMUTATIVE));
        constraints.add(Constraints.NONE.withAlgebra(Algebra.IDEMPOTENT));
        constraints.add(Constraints.NONE.withKind(ResultKind.REDUCE));
        constraints.add(Constraints.NONE.withDirection(Direction.BACKWARD));
        constraints.add(Constraints.NONE.withPin(Pin.brentKungUpSweep(4, 2)));
        int compared = 0;
        int nonZero = 0;
        int viaForestCount = 0;
        for (Constraints c : constraints) {
            for (int n = 1; n <= 4; n++) {
                if (!c.pins().isEmpty() && n != 4) continue;
                for (int steps = 0; steps <= 4; steps++) {
                    if (!c.pins().isEmpty() && steps < 2) continue;
                    for (int budget = 0; budget <= 2 * n; budget++) {
                        SpecForm form = new SpecForm(n, steps, budget, c);
                        BigInteger a = viaProgram(form);
                        assertEquals(a, viaSpace(form), "n=" + n + " steps=" + steps + " budget=" + budget + " " + c);
                        if (ForestSpace.supports(SpaceSpec.of(form))) {
                            assertEquals(a, viaForest(form), "forest: n=" + n + " steps=" + steps + " budget=" + budget + " " + c);
                            viaForestCount++;
                        }
                        compared++;
                        if (a.signum() > 0) nonZero++;
                    }
                }
            }
        }
        System.out.println("SpecEnginesAgreeTest: " + compared + " spec forms compared, " + nonZero + " non-empty, "
                + viaForestCount + " also through the forest engine");
        assertEquals(true, nonZero > 100);
        assertEquals(true, viaForestCount > 150);
    }

    @Test
    void theTalksEightSixSixteenCountIsTheSameThroughBothEngines() {
        SpecForm form = new SpecForm(8, 6, 16, Constraints.NONE);
        BigInteger expected = new BigInteger("247478238");
        assertEquals(expected, viaSpace(form));
        assertEquals(expected, viaProgram(form));
        assertEquals(expected, viaForest(form));
    }
}

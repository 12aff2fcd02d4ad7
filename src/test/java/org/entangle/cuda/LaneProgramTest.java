package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.ValueAlgebra;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lane program must compute exactly what the network computes: simulated lane by lane with the semantics
 * of the generated {@code lane_step} (every lane reads the values of the previous step), over string
 * concatenation, a non-commutative operator, it must give every wire the interpreter's value.
 */
class LaneProgramTest {

    private static final ValueAlgebra<String> CONCAT = new ValueAlgebra<>() {
        @Override
        public String input(int wire) {
            return "<" + wire + ">";
        }

        @Override
        public String identity() {
            return "";
        }

        @Override
        public String combine(String left, String right) {
            return left + right;
        }
    };

    static Stream<Network> networks() {
        List<Network> list = new ArrayList<>(List.of(TestNetworks.blelloch(16), TestNetworks.shiftedKoggeStone(12),
                TestNetworks.koggeStone(40), TestNetworks.sklansky(64)));
        for (NetworkFamily f : Families.all()) {
            for (int n : new int[] {1, 5, 32, 100}) list.add(Families.build(f.name(), n));
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void lanesComputeWhatTheInterpreterComputes(Network network) {
        LaneProgram program = LaneProgram.of(network);
        String[] values = new String[network.width()];
        for (int w = 0; w < values.length; w++) values[w] = CONCAT.input(w);
        for (int s = 0; s < program.stepCount(); s++) {
            String[] before = values.clone();
            for (int w = 0; w < values.length; w++) {
                LaneProgram.Instruction ins = program.instruction(s, w);
                String mine = before[w];
                String other = before[ins.partner()];
                values[w] = switch (ins.action()) {
                    case KEEP -> mine;
                    case TAKE -> other;
                    case COMBINE -> ins.partner() < w ? other + mine : mine + other;
                    case SWAP_COMBINE -> ins.partner() < w ? mine + other : other + mine;
                    case IDENTITY -> "";
                };
            }
        }
        assertEquals(NetworkInterpreter.run(network, CONCAT), Arrays.asList(values));
    }

    @Test
    void everyOpKindHasItsAction() {
        LaneProgram blelloch = LaneProgram.of(TestNetworks.blelloch(8));
        List<LaneProgram.LaneAction> seen = new ArrayList<>();
        for (int s = 0; s < blelloch.stepCount(); s++) {
            for (int w = 0; w < 8; w++) seen.add(blelloch.instruction(s, w).action());
        }
        LaneProgram shifted = LaneProgram.of(TestNetworks.shiftedKoggeStone(8));
        seen.add(shifted.instruction(shifted.stepCount() - 1, 3).action());
        assertTrue(seen.containsAll(List.of(LaneProgram.LaneAction.values())), seen::toString);
    }

    @Test
    void stepsThatCrossWarpsNeedSharedMemory() {
        LaneProgram sklansky = LaneProgram.of(TestNetworks.sklansky(128));
        for (int s = 0; s < sklansky.stepCount(); s++) {
            assertEquals(s < 5, sklansky.staysInWarps(s), "step " + s + " combines blocks of " + (2 << s));
        }
        LaneProgram koggeStone = LaneProgram.of(TestNetworks.koggeStone(64));
        for (int s = 0; s < koggeStone.stepCount(); s++) {
            assertFalse(koggeStone.staysInWarps(s), "lane 32 reads lane " + (32 - (1 << s)));
        }
    }

    @Test
    void olderValuesOfTheCircuitModelAreRefused() {
        Network circuit = Network.ofPairs(2, new int[][] {{1, 0}}).withModel(org.entangle.network.MemoryModel.CIRCUIT);
        Network older = circuit.withSteps(List.of(circuit.step(0),
                new org.entangle.network.Step(List.of(org.entangle.network.Op.combine(0, 1).withSrcStep(org.entangle.network.Op.INPUT)))));
        assertThrows(IllegalArgumentException.class, () -> LaneProgram.of(older));
        assertFalse(LaneProgram.of(circuit).stepCount() == 0);
    }
}

package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpGroups;
import org.junit.jupiter.api.Test;

class BlockColoursTest {

    @Test
    void coloursAreDistinctAndStable() {
        HashSet<String> seen = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            String c = BlockColours.colour(i);
            assertEquals(7, c.length(), c);
            seen.add(c);
            assertEquals(c, BlockColours.colour(i));
        }
        assertEquals(40, seen.size());
    }

    /** From traces of the talk's program to ops coloured by the block of the angel that chose them. */
    @Test
    void everyChosenOpGetsItsAngelsBlock() {
        TraceSet raw = TalkProgramTraces.enumerate(8, 6, 8);
        Partition partition = FinestPartition.of(raw);
        for (int r = 0; r < raw.size(); r++) {
            Network network = raw.network(r).orElseThrow();
            AngelChoices.Builder choices = new AngelChoices.Builder();
            for (int s = 0; s < network.stepCount(); s++) {
                List<Op> ops = network.step(s).ops();
                for (int i = 0; i < ops.size(); i++) choices.chose(raw.names().indexOf("s" + s + "l" + ops.get(i).dst()), s, i);
            }
            OpGroups groups = BlockColours.opGroups(choices.build(), partition, raw.names());
            assertEquals(partition.blocks().size(), groups.labels().size());
            for (int s = 0; s < network.stepCount(); s++) {
                for (int i = 0; i < network.step(s).size(); i++) {
                    int angel = raw.names().indexOf("s" + s + "l" + network.step(s).ops().get(i).dst());
                    assertEquals(partition.blockOf(angel), groups.groupOf(s, i).orElseThrow());
                }
            }
        }
    }

    @Test
    void anOpClaimedByTwoBlocksIsAnError() {
        Partition partition = new Partition(2, List.of(new Block(List.of(0), 2, 1), new Block(List.of(1), 1, 0)));
        AngelChoices choices = new AngelChoices.Builder().chose(0, 0, 0).chose(1, 0, 0).build();
        assertThrows(IllegalArgumentException.class, () -> BlockColours.opGroups(choices, partition, List.of("x", "y")));
    }
}

package org.entangle.oracle;
import org.entangle.work.CancellationToken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.junit.jupiter.api.Test;

/**
 * A count polls its token (where the workbench paces it and the stop button reaches it) through its cheap steps too:
 * the talk's N = 16 count went up to a second between polls, in memo lookups only, so a stop took that long to act.
 * Each state the count expands polls once, so the polls beyond the states explored come from the cheap steps, one
 * per {@value CancellationToken#SOMETIMES}.
 */
class CountPollingTest {

    @Test
    void theTalksCountPollsBetweenTheStatesItExpands() throws Exception {
        String talk = Files.readString(Path.of("networks/talk-scan16.angel"));
        long[] polls = {0};
        TraceCounter counter = new TraceCounter(Machine.of(Program.parse(talk), Map.of("N", 7)),
                CancellationToken.paced(() -> polls[0]++));
        BigInteger count = counter.countAll();
        long states = counter.statesExplored();
        System.out.printf("N = 7: %s traces, %d states, %d polls%n", count, states, polls[0]);
        assertEquals(BigInteger.valueOf(28_279), count);
        assertTrue(polls[0] - states >= 100, polls[0] + " polls for " + states + " states");
    }

    @Test
    void sometimesPollsAtEveryTwoHundredAndFiftySixthCall() {
        int[] polls = {0};
        CancellationToken token = CancellationToken.paced(() -> polls[0]++);
        for (int i = 0; i < 10 * CancellationToken.SOMETIMES; i++) token.throwIfCancelledSometimes();
        assertEquals(10, polls[0]);
    }
}

package org.entangle.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcessClockTest {

    @Test
    void readsTheStartFromTheTwentySecondFieldAfterANameWithSpacesAndParentheses() {
        StringBuilder stat = new StringBuilder("4242 (Java (main) x) S");
        for (int field = 4; field <= 21; field++) stat.append(' ').append(field * 7);
        stat.append(" 12345 987654 33\n");

        assertEquals(200_000 - 123_450, ProcessClock.millisSinceStart(stat.toString(), "200.00 50.00\n"));
    }

    @Test
    void agreesWithTheJvmsOwnStartToWithinTheLaunchersShare() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "no /proc here: the JVM's own start is used");
        long jvm = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        long process = ProcessClock.millisSinceStart();
        long after = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();

        long twoTicks = 2 * 1000 / ProcessClock.USER_HZ;
        System.out.println("since the process started " + process + " ms, since the JVM started " + jvm + "–" + after + " ms");
        assertTrue(process >= jvm - twoTicks, "the process starts before its JVM: " + process + " < " + jvm);
        assertTrue(process <= after + 300, "more than the launcher's share before the JVM's start: " + process + " vs " + after);
    }
}

package org.entangle.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher asks the JVM whether it has Shenandoah once, then reads the answer it wrote down. */
class CollectorFactTest {

    @Test
    void theAnswerIsAskedOnceThenRead(@TempDir Path dir) throws IOException {
        Path cache = dir.resolve("cds");
        Path fact = cache.resolve(RelaunchPlan.collectorFactName(System.getProperty("java.home"), System.getProperty("java.vm.version")));
        boolean asked = SharedArchiveLauncher.hasLowPauseCollector(cache);
        assertEquals(Boolean.toString(asked), Files.readString(fact), "the JVM's answer is written down");
        Files.writeString(fact, Boolean.toString(!asked));
        assertEquals(!asked, SharedArchiveLauncher.hasLowPauseCollector(cache), "the written answer is read, not asked again");
        Files.writeString(fact, "");
        assertEquals(asked, SharedArchiveLauncher.hasLowPauseCollector(cache), "an empty fact (being written) is asked again");
        assertEquals(Boolean.toString(asked), Files.readString(fact));
    }

    @Test
    void aCacheThatCannotBeWrittenStillGetsTheJvmsAnswer(@TempDir Path dir) throws IOException {
        boolean asked = SharedArchiveLauncher.hasLowPauseCollector(dir.resolve("writable"));
        Path blocked = dir.resolve("a-file");
        Files.writeString(blocked, "not a folder");
        assertEquals(asked, SharedArchiveLauncher.hasLowPauseCollector(blocked.resolve("cds")));
        assertTrue(Files.isRegularFile(blocked));
    }
}

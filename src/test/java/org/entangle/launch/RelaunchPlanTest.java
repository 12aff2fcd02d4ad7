package org.entangle.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RelaunchPlanTest {

    private static final Path JAVA = Path.of("/jdk/bin/java");
    private static final Path JAR = Path.of("/apps/entangle.jar");
    private static final Path ARCHIVE = Path.of("/cache/cds/entangle-00000000000000ab.jsa");
    private static final List<String> ARGS = List.of("--panel", "gallery", "--screenshot", "out.png");

    @Test
    void aRecordedArchiveIsMappedAndTheParentsOptionsAndArgumentsCarryOver() {
        RelaunchPlan plan = RelaunchPlan.of(JAVA, JAR, List.of("-Xmx2g", "-Dentangle.home=/h"), ARGS, ARCHIVE, true, 42, false).orElseThrow();
        List<String> c = plan.command();
        assertEquals(JAVA.toString(), c.get(0));
        assertTrue(c.contains("-XX:SharedArchiveFile=" + ARCHIVE), c::toString);
        assertTrue(c.stream().noneMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit")), c::toString);
        assertNull(plan.recording());
        assertTrue(c.indexOf("-Xmx2g") > c.indexOf(RelaunchPlan.CHILD_FLAGS.get(RelaunchPlan.CHILD_FLAGS.size() - 1)),
                "the parent's options come after the child's defaults, so they override them: " + c);
        assertTrue(c.contains("-D" + RelaunchPlan.CHILD_PROPERTY + "=true"), "the child must not relaunch again: " + c);
        int main = c.indexOf("org.entangle.Main");
        assertEquals(JAR.toString(), c.get(main - 1));
        assertEquals("-cp", c.get(main - 2));
        assertEquals(ARGS, c.subList(main + 1, c.size()), "the app's arguments, in order, after the main class");
    }

    @Test
    void theFirstStartRecordsBesideTheArchiveUnderItsOwnName() {
        RelaunchPlan plan = RelaunchPlan.of(JAVA, JAR, List.of(), ARGS, ARCHIVE, false, 4242, false).orElseThrow();
        assertEquals(ARCHIVE.resolveSibling(ARCHIVE.getFileName() + ".part-4242"), plan.recording());
        assertTrue(plan.command().contains("-XX:ArchiveClassesAtExit=" + plan.recording()), plan.command()::toString);
        assertTrue(plan.command().stream().noneMatch(o -> o.startsWith("-XX:SharedArchiveFile")), plan.command()::toString);
        assertEquals(ARCHIVE, plan.archive());
    }

    @Test
    void theUsersOwnClassSharingOrAgentsKeepTheAppInTheFirstJvm() {
        for (String option : List.of("-XX:SharedArchiveFile=/x.jsa", "-Xshare:off", "-XX:ArchiveClassesAtExit=/y.jsa",
                "-agentlib:jdwp=transport=dt_socket,server=y", "-javaagent:/prof.jar")) {
            assertTrue(RelaunchPlan.of(JAVA, JAR, List.of("-Xmx1g", option), ARGS, ARCHIVE, true, 1, true).isEmpty(), option);
        }
        assertTrue(RelaunchPlan.of(JAVA, JAR, List.of("-Xmx1g", "-Dx=-agentlib"), ARGS, ARCHIVE, true, 1, true).isPresent());
    }

    @Test
    void theChildRunsTheLowPauseCollectorWhereTheJvmHasItAndTheUserChoseNone() {
        List<String> with = RelaunchPlan.of(JAVA, JAR, List.of("-Xmx2g"), ARGS, ARCHIVE, true, 1, true).orElseThrow().command();
        assertTrue(with.contains(RelaunchPlan.LOW_PAUSE_COLLECTOR), with::toString);
        assertTrue(with.indexOf(RelaunchPlan.LOW_PAUSE_COLLECTOR) < with.indexOf("-cp"), "a JVM option: " + with);
        List<String> without = RelaunchPlan.of(JAVA, JAR, List.of("-Xmx2g"), ARGS, ARCHIVE, true, 1, false).orElseThrow().command();
        assertTrue(!without.contains(RelaunchPlan.LOW_PAUSE_COLLECTOR), "a JVM without it would not start: " + without);
        for (String choice : List.of("-XX:+UseG1GC", "-XX:+UseZGC", "-XX:+UseSerialGC")) {
            List<String> users = RelaunchPlan.of(JAVA, JAR, List.of(choice), ARGS, ARCHIVE, true, 1, true).orElseThrow().command();
            assertTrue(!users.contains(RelaunchPlan.LOW_PAUSE_COLLECTOR) && users.contains(choice),
                    "two collectors would not start: " + users);
        }
    }

    @Test
    void theArchiveNameFollowsJarJvmAndOptionsButNotSystemProperties() {
        String base = RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk", "17.0.15", List.of("-Xmx1g", "-Dentangle.home=/one"));
        assertEquals(base, RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk", "17.0.15", List.of("-Xmx1g", "-Dentangle.home=/two")));
        assertTrue(base.matches("entangle-[0-9a-f]{16}\\.jsa"), base);
        List<String> others = List.of(
                RelaunchPlan.archiveName("/b.jar", 100, 5, "/jdk", "17.0.15", List.of("-Xmx1g")),
                RelaunchPlan.archiveName("/a.jar", 101, 5, "/jdk", "17.0.15", List.of("-Xmx1g")),
                RelaunchPlan.archiveName("/a.jar", 100, 6, "/jdk", "17.0.15", List.of("-Xmx1g")),
                RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk2", "17.0.15", List.of("-Xmx1g")),
                RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk", "17.0.16", List.of("-Xmx1g")),
                RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk", "17.0.15", List.of("-Xmx2g")),
                RelaunchPlan.archiveName("/a.jar", 100, 5, "/jdk", "17.0.15", List.of("-Xmx1g", "-XX:+UseSerialGC")));
        for (String other : others) assertNotEquals(base, other);
        assertEquals(others.size(), others.stream().distinct().count());
    }

    @Test
    void theNewestArchivesStayAndRecordingsOfEndedProcessesGo() {
        Path dir = ARCHIVE.getParent();
        List<RelaunchPlan.ArchiveFile> files = List.of(
                new RelaunchPlan.ArchiveFile(ARCHIVE, 1),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-0000000000000001.jsa"), 50),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-0000000000000002.jsa"), 40),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-0000000000000003.jsa"), 30),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-0000000000000004.jsa"), 60),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-00000000000000ab.jsa.part-17"), 70),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-00000000000000ab.jsa.part-18"), 70),
                new RelaunchPlan.ArchiveFile(dir.resolve("entangle-x.jsa.part-abc"), 70),
                new RelaunchPlan.ArchiveFile(dir.resolve("notes.txt"), 0),
                new RelaunchPlan.ArchiveFile(dir.resolve(RelaunchPlan.collectorFactName("/jdk", "17.0.15+6")), 0));
        List<Path> gone = RelaunchPlan.leftovers(files, ARCHIVE, pid -> pid == 18);
        assertEquals(Set.of(dir.resolve("entangle-0000000000000002.jsa"), dir.resolve("entangle-0000000000000003.jsa"),
                dir.resolve("entangle-00000000000000ab.jsa.part-17")), Set.copyOf(gone),
                "the current archive and the " + (RelaunchPlan.ARCHIVES_KEPT - 1) + " newest others stay; a live recording stays");
        assertEquals(gone.size(), Set.copyOf(gone).size());
    }

    @Test
    void theCollectorFactIsNamedForTheJvmAlone() {
        String fact = RelaunchPlan.collectorFactName("/jdk", "17.0.15+6");
        assertEquals(fact, RelaunchPlan.collectorFactName("/jdk", "17.0.15+6"));
        assertNotEquals(fact, RelaunchPlan.collectorFactName("/jdk2", "17.0.15+6"), "another JVM home");
        assertNotEquals(fact, RelaunchPlan.collectorFactName("/jdk", "17.0.16+8"), "another JVM build");
        assertTrue(fact.matches("jvm-[0-9a-f]{16}\\.collector"), fact);
    }
}

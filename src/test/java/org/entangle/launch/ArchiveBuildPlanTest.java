package org.entangle.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveBuildPlanTest {

    private static final Path JAVA = Path.of("/jdk/bin/java");
    private static final Path JAR = Path.of("/build/target/entangle.jar");
    private static final Path WORK = Path.of("/build/target/cds-build");
    private static final ArchiveBuildPlan PLAN = new ArchiveBuildPlan(JAVA, JAR, "/m2/monocle.jar", WORK.resolve("home"),
            WORK.resolve("training.classlist"), WORK.resolve("kept.classlist"),
            Path.of("/build/target/entangle-00000000000000ab.jsa"));

    @Test
    void theTrainingRunOpensEveryPanelHeadlessOnFreshSettingsAndWritesTheClassList() {
        List<String> c = PLAN.training();
        assertEquals(JAVA.toString(), c.get(0));
        assertTrue(c.contains("-XX:DumpLoadedClassList=" + PLAN.classList()), c::toString);
        assertTrue(c.contains("-Dentangle.relaunch=false"), "the classes of the JVM that runs the app, not of a launcher: " + c);
        assertTrue(c.contains("-Dentangle.home=" + PLAN.home()), "never the user's settings: " + c);
        assertTrue(c.contains("-Dglass.platform=Monocle") && c.contains("-Dmonocle.platform=Headless"), "no display needed: " + c);
        int main = c.indexOf("org.entangle.Main");
        assertEquals(JAR + File.pathSeparator + "/m2/monocle.jar", c.get(main - 1));
        assertEquals(List.of("--time-panels"), c.subList(main + 1, c.size()));
    }

    @Test
    void theDumpReadsTheKeptListAndWritesBesideTheArchiveUntilTheCheckHasMappedIt() {
        assertEquals(Path.of("/build/target/entangle-00000000000000ab.jsa.part"), PLAN.partial());
        assertEquals(List.of(JAVA.toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + PLAN.keptList(),
                "-XX:SharedArchiveFile=" + PLAN.partial(), "-cp", JAR.toString()), PLAN.dump());
        List<String> check = PLAN.check();
        assertTrue(check.contains("-Xshare:on"), "fails unless the archive is mapped: " + check);
        assertTrue(check.contains("-XX:SharedArchiveFile=" + PLAN.partial()), check::toString);
        assertEquals(JAR.toString(), check.get(check.indexOf("-cp") + 1), "the class path the archive was dumped for");
    }

    @Test
    void theKeptListDropsTheHeadlessPlatformsClassesAndTheirLambdasInOrder() {
        List<String> training = List.of(
                "java/lang/Object id: 1",
                "com/sun/glass/ui/monocle/MonocleApplication",
                "javafx/scene/control/Button",
                "@lambda-proxy com/sun/glass/ui/monocle/MonocleTimer run ()Ljava/lang/Runnable; ()V",
                "@lambda-proxy org/entangle/app/EntangleApp start (Lorg/entangle/app/EntangleApp;)Ljava/lang/Runnable; ()V",
                "@lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L_L",
                "org/entangle/Main");
        assertEquals(List.of(training.get(0), training.get(2), training.get(4), training.get(5), training.get(6)),
                ArchiveBuildPlan.keptInList(training));
    }

    @Test
    void theLauncherMapsTheBuildsArchiveBesideTheJarBeforeTheCachedOne(@TempDir Path dir) throws IOException {
        Path jar = Files.createDirectories(dir.resolve("target")).resolve("entangle.jar");
        Path cache = dir.resolve("cache");
        String name = "entangle-00000000000000cd.jsa";
        assertEquals(cache.resolve(name), SharedArchiveLauncher.archiveFor(jar, name, cache), "no build archive: the cache's");
        Files.createFile(jar.resolveSibling("entangle-00000000000000ef.jsa"));
        assertEquals(cache.resolve(name), SharedArchiveLauncher.archiveFor(jar, name, cache),
                "another build's archive is not this jar's");
        Files.createFile(jar.resolveSibling(name));
        assertEquals(jar.resolveSibling(name), SharedArchiveLauncher.archiveFor(jar, name, cache));
    }
}

package org.entangle.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.entangle.FileTrees;

/**
 * The build step that puts a class archive beside {@code entangle.jar} ({@code mvn package} runs it after the shade
 * plugin), so that the first {@code java -jar} after a build starts as fast as later ones: without it the first start
 * records the archive and shows the window some 0.5 s later than a start that maps one (issue #6). Runs the JVMs of
 * an {@link ArchiveBuildPlan} with their output in a log each under {@code cds-build/} beside the jar, moves the
 * checked archive into place and deletes archives of earlier builds beside it. A failure leaves the jar as it is, says
 * why in one line and exits normally: the launcher then records the archive at the first start, as before.
 *
 * <p>Usage: {@code java -cp entangle.jar org.entangle.launch.ClassArchiveBuild JAR TRAINING_CLASS_PATH}.
 */
public final class ClassArchiveBuild {

    /** The longest the training run (start, every panel opened a second apart, exit) may take. */
    private static final long TRAINING_SECONDS = 180;
    /** The longest the dump or the check may take. */
    private static final long DUMP_SECONDS = 120;

    private ClassArchiveBuild() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: ClassArchiveBuild JAR TRAINING_CLASS_PATH");
            System.exit(2);
        }
        long start = System.nanoTime();
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path work = jar.resolveSibling("cds-build");
        FileTrees.delete(work);
        Files.createDirectories(work);
        ArchiveBuildPlan plan = new ArchiveBuildPlan(Path.of(System.getProperty("java.home"), "bin", "java"), jar, args[1],
                work.resolve("home"), work.resolve("training.classlist"), work.resolve("kept.classlist"),
                SharedArchiveLauncher.builtArchive(jar));
        try {
            String failure = build(plan, work);
            if (failure != null) {
                Files.deleteIfExists(plan.partial());
                System.out.println("entangle: no class archive beside the jar (" + failure
                        + "); the first start records one instead");
                return;
            }
            deleteEarlierArchives(plan.archive());
            System.out.printf(Locale.ROOT, "entangle: class archive for the first start: %s (%d MB, built in %.1f s)%n",
                    plan.archive(), Files.size(plan.archive()) >> 20, (System.nanoTime() - start) / 1e9);
        } finally {
            FileTrees.delete(plan.home());
        }
    }

    /** Runs the plan; null when the archive is in place, else what failed. */
    private static String build(ArchiveBuildPlan plan, Path work) throws IOException, InterruptedException {
        ProcessBuilder training = new ProcessBuilder(plan.training());
        training.environment().put("XDG_CACHE_HOME", work.resolve("cache").toString());
        String failure = run(training, work.resolve("training.log"), TRAINING_SECONDS, "the training run");
        if (failure != null) return failure;
        if (!Files.isRegularFile(plan.classList())) return "the training run wrote no class list";
        Files.write(plan.keptList(), ArchiveBuildPlan.keptInList(Files.readAllLines(plan.classList(), StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        failure = run(new ProcessBuilder(plan.dump()), work.resolve("dump.log"), DUMP_SECONDS, "the dump");
        if (failure != null) return failure;
        failure = run(new ProcessBuilder(plan.check()), work.resolve("check.log"), DUMP_SECONDS, "the check that the JVM maps it");
        if (failure != null) return failure;
        try {
            Files.move(plan.partial(), plan.archive(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(plan.partial(), plan.archive(), StandardCopyOption.REPLACE_EXISTING);
        }
        return null;
    }

    /** Runs one JVM with its output in {@code log}; null when it exited normally in time, else what happened. */
    private static String run(ProcessBuilder process, Path log, long seconds, String what)
            throws IOException, InterruptedException {
        Process p = process.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return what + " took over " + seconds + " s, see " + log;
        }
        return p.exitValue() == 0 ? null : what + " exited with " + p.exitValue() + ", see " + log;
    }

    /** Removes the archives that earlier builds left beside the jar (a rebuilt jar has another archive name). */
    private static void deleteEarlierArchives(Path archive) throws IOException {
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(archive.getParent(), "entangle-*.jsa*")) {
            for (Path sibling : siblings) {
                if (!sibling.equals(archive)) Files.deleteIfExists(sibling);
            }
        }
    }
}

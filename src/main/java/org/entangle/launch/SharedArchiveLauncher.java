package org.entangle.launch;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.entangle.UserCache;

/**
 * Starts the desktop workbench in a child JVM that maps the application's classes from a class-data-sharing archive
 * (AppCDS; JEP 350, "Dynamic CDS Archives"), so that {@code java -jar entangle.jar} shows its window within the
 * start-up target of issue #6. The Java 17 launcher takes no JVM options from a jar's manifest, so the jar relaunches
 * itself. It maps the archive that the build put beside the jar ({@link ClassArchiveBuild}) when there is one for this
 * jar and JVM; otherwise the first start records one when its JVM exits ({@code -XX:ArchiveClassesAtExit}) and later
 * starts map it ({@code -XX:SharedArchiveFile}) — what JDK 19's {@code -XX:+AutoCreateSharedArchive} does by itself. The
 * decision and the command are {@link RelaunchPlan}'s; this class gathers the facts, runs the child with this
 * process's standard streams, ends it if this process is ended, and publishes a recorded archive only when the child
 * exited normally.
 */
public final class SharedArchiveLauncher {

    private SharedArchiveLauncher() {
    }

    /**
     * Runs the desktop app with {@code args} in a child JVM and returns its exit status, or empty when this JVM should
     * run the app itself (started from classes rather than a jar, already a child, relaunching turned off with
     * {@code -Dentangle.relaunch=false}, the user's own CDS or agent options, or the child could not be started).
     */
    public static OptionalInt runDesktop(String[] args) {
        if (Boolean.getBoolean(RelaunchPlan.CHILD_PROPERTY) || "false".equals(System.getProperty("entangle.relaunch"))) {
            return OptionalInt.empty();
        }
        Optional<Path> jar = runningJar();
        if (jar.isEmpty()) return OptionalInt.empty();
        try {
            List<String> jvmOptions = JvmOptions.ofThisJvm();
            Path cache = archiveDirectory();
            Path archive = archiveFor(jar.get(), archiveNameFor(jar.get(), jvmOptions), cache);
            Optional<RelaunchPlan> plan = RelaunchPlan.of(Path.of(System.getProperty("java.home"), "bin", "java"), jar.get(),
                    jvmOptions, List.of(args), archive, Files.isRegularFile(archive), ProcessHandle.current().pid(),
                    hasLowPauseCollector(cache));
            if (plan.isEmpty()) return OptionalInt.empty();
            Files.createDirectories(archive.getParent());
            Process child = new ProcessBuilder(plan.get().command()).inheritIO().start();
            Runtime.getRuntime().addShutdownHook(new Thread("entangle-child-reaper") {
                @Override
                public void run() {
                    if (child.isAlive()) child.destroy();
                }
            });
            int status = child.waitFor();
            if (plan.get().recording() != null) finishRecording(status == 0, plan.get().recording(), archive);
            return OptionalInt.of(status);
        } catch (IOException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.of(130);
        }
    }

    /**
     * Where {@link ClassArchiveBuild} puts the archive for {@code jar} and this JVM: beside the jar, under the name a
     * plain {@code java -jar} (no JVM options) looks for.
     */
    public static Path builtArchive(Path jar) throws IOException {
        return jar.resolveSibling(archiveNameFor(jar, List.of()));
    }

    /** The name of the archive for {@code jar} run by this JVM with {@code jvmOptions} ({@link RelaunchPlan#archiveName}). */
    static String archiveNameFor(Path jar, List<String> jvmOptions) throws IOException {
        return RelaunchPlan.archiveName(jar.toString(), Files.size(jar), Files.getLastModifiedTime(jar).toMillis(),
                System.getProperty("java.home"), System.getProperty("java.vm.version"), jvmOptions);
    }

    /**
     * Whether this JVM has {@link RelaunchPlan#LOW_PAUSE_COLLECTOR}, as remembered in {@code cache}
     * ({@link RelaunchPlan#collectorFactName}); else asks the JVM and remembers the answer where it can.
     */
    static boolean hasLowPauseCollector(Path cache) {
        Path fact = cache.resolve(RelaunchPlan.collectorFactName(System.getProperty("java.home"), System.getProperty("java.vm.version")));
        Optional<Boolean> remembered = remembered(fact);
        if (remembered.isPresent()) return remembered.get();
        boolean has = hasVmOption("ShenandoahGCHeuristics");
        try {
            Files.createDirectories(cache);
            Files.writeString(fact, Boolean.toString(has));
        } catch (IOException e) {
            System.err.println("entangle: could not remember the JVM's collectors in " + fact + " (" + e.getMessage() + ")");
        }
        return has;
    }

    /** The answer {@code fact} holds, or empty when it holds none (not written yet, unreadable, or being written). */
    private static Optional<Boolean> remembered(Path fact) {
        try {
            String text = Files.readString(fact).trim();
            return text.equals("true") || text.equals("false") ? Optional.of(Boolean.parseBoolean(text)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether this JVM has the option {@code name}: a Shenandoah option exists only in JVMs built with that collector. */
    private static boolean hasVmOption(String name) {
        try {
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name);
            return true;
        } catch (IllegalArgumentException | LinkageError e) {
            return false;
        }
    }

    /** The archive named {@code name} beside the jar when the build left one there, else the one in {@code cache}. */
    static Path archiveFor(Path jar, String name, Path cache) {
        Path built = jar.resolveSibling(name);
        return Files.isRegularFile(built) ? built : cache.resolve(name);
    }

    /** Where archives are kept: {@code -Dentangle.cds.dir}, else {@code $XDG_CACHE_HOME/entangle/cds}, else {@code ~/.cache/entangle/cds}. */
    static Path archiveDirectory() {
        String explicit = System.getProperty("entangle.cds.dir");
        return explicit != null && !explicit.isBlank() ? Path.of(explicit) : UserCache.folder("cds");
    }

    private static Optional<Path> runningJar() {
        CodeSource source = SharedArchiveLauncher.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) return Optional.empty();
        try {
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location) && location.toString().endsWith(".jar") ? Optional.of(location) : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Moves a recording into place when the child exited normally (else drops it), then removes older archives beyond
     * the few kept and what ended processes left. A failure here costs the next start its archive, never correctness.
     */
    private static void finishRecording(boolean normalExit, Path recording, Path archive) {
        try {
            if (normalExit && Files.isRegularFile(recording) && Files.size(recording) > 0) {
                try {
                    Files.move(recording, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(recording, archive, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.deleteIfExists(recording);
            List<RelaunchPlan.ArchiveFile> files = new ArrayList<>();
            try (DirectoryStream<Path> folder = Files.newDirectoryStream(archive.getParent())) {
                for (Path file : folder) files.add(new RelaunchPlan.ArchiveFile(file, Files.getLastModifiedTime(file).toMillis()));
            }
            for (Path file : RelaunchPlan.leftovers(files, archive, pid -> ProcessHandle.of(pid).isPresent())) Files.deleteIfExists(file);
        } catch (IOException e) {
            System.err.println("entangle: the class archive was not kept (" + e.getMessage() + "); the next start records it again");
        }
    }
}

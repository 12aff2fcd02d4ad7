package org.entangle.launch;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Comparator;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.LongPredicate;

/**
 * The child JVM that {@link SharedArchiveLauncher} starts: the same {@code java}, the jar on the class path, the
 * parent's own JVM options (so {@code -Xmx} or {@code -D} settings still apply), and either the class archive to map
 * or the file to record one into. JVM logging is limited to errors so that the recording and a stale archive (another
 * JVM build) stay silent; C2's invocation thresholds are raised so that the start-up's thousands of short-lived methods
 * stay with C1 and leave the second core to the JavaFX threads, while hot loops still reach C2 within milliseconds.
 * The first metaspace collection waits until 128 MB of class metadata: loading the workbench's classes crossed the
 * default threshold of about 21 MB, which started a concurrent cycle and shrank the heap to 40 MB in the middle of the
 * start. G1 aims at young-generation pauses of 25 ms instead of its default 200 ms: the workbench keeps most of what it
 * allocates while panels are built (about 70 MB live after a tour of the panels), so a fixed 160 MB young generation
 * (session 9) put off the first collection to about 6 s after the start and then copied 57 MB in one 92–110 ms pause;
 * with the goal, G1 keeps the young generation small: 8 collections in the start and the tour, 13–42 ms each (three
 * runs, {@code -Xlog:gc}; issue #6: no UI action blocks the UI thread for more than 100 ms). Where the JVM has it and
 * the user chose no collector, the child runs Shenandoah ({@link #LOW_PAUSE_COLLECTOR}, JEP 379), which collects
 * while the app runs: a search whose memo grows by some 70 MB a second (the talk's N = 16 program) made G1's young
 * pauses 0.2 to 2 s, each one freezing the UI, against under 1 ms with Shenandoah (session 11, README).
 *
 * @param command   the child's command line
 * @param archive   the archive the child maps, or will publish once it has recorded it
 * @param recording where the child records the archive at exit, or null when it maps an existing one
 */
public record RelaunchPlan(List<String> command, Path archive, Path recording) {

    /** Set in the child, so it runs the app itself. */
    static final String CHILD_PROPERTY = "entangle.launched";

    /** Options the child gets before the parent's own (which may override them). */
    static final List<String> CHILD_FLAGS = List.of("-Xshare:auto", "-XX:MetaspaceSize=128m", "-XX:MaxGCPauseMillis=25",
            "-Xlog:disable", "-Xlog:all=error:stderr",
            "-XX:Tier4InvocationThreshold=100000", "-XX:Tier4MinInvocationThreshold=50000",
            "-XX:Tier4CompileThreshold=120000", "-XX:Tier4BackEdgeThreshold=1000000");

    /** The collector the child runs when the JVM has it and the user's options choose none. */
    static final String LOW_PAUSE_COLLECTOR = "-XX:+UseShenandoahGC";

    private static final List<String> USER_CHOICES = List.of("-XX:SharedArchiveFile", "-XX:ArchiveClassesAtExit", "-Xshare",
            "-XX:+AutoCreateSharedArchive", "-agentlib", "-agentpath", "-javaagent");

    private static final String PREFIX = "entangle-";
    private static final String SUFFIX = ".jsa";

    /**
     * The child for a start, or empty when the parent's options already choose class sharing or attach an agent (a
     * debugger or profiler would then see the wrong JVM).
     *
     * @param java          the {@code java} executable
     * @param jar           the application jar
     * @param jvmOptions    the parent's JVM options, in order
     * @param args          the application's arguments
     * @param archive       the archive for this jar and JVM ({@link #archiveName})
     * @param archiveExists whether it has been recorded
     * @param pid           this process's id, which keeps concurrent first starts' recordings apart
     * @param lowPauseGc    whether the JVM has {@link #LOW_PAUSE_COLLECTOR}
     */
    public static Optional<RelaunchPlan> of(Path java, Path jar, List<String> jvmOptions, List<String> args, Path archive,
                                            boolean archiveExists, long pid, boolean lowPauseGc) {
        for (String option : jvmOptions) {
            for (String choice : USER_CHOICES) {
                if (option.startsWith(choice)) return Optional.empty();
            }
        }
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(CHILD_FLAGS);
        boolean usersCollector = false;
        for (String option : jvmOptions) usersCollector |= option.startsWith("-XX:+Use") && option.endsWith("GC");
        if (lowPauseGc && !usersCollector) command.add(LOW_PAUSE_COLLECTOR);
        command.addAll(jvmOptions);
        Path recording = archiveExists ? null : archive.resolveSibling(archive.getFileName() + ".part-" + pid);
        command.add(archiveExists ? "-XX:SharedArchiveFile=" + archive : "-XX:ArchiveClassesAtExit=" + recording);
        command.add("-D" + CHILD_PROPERTY + "=true");
        command.add("-cp");
        command.add(jar.toString());
        command.add("org.entangle.Main");
        command.addAll(args);
        return Optional.of(new RelaunchPlan(List.copyOf(command), archive, recording));
    }

    /**
     * The archive's file name for everything an archive depends on: the jar (path, size, modification time), the JVM
     * (home and build) and the JVM options other than system properties ({@code -D}, which differ from start to start
     * and do not touch the archive). A 64-bit FNV-1a hash of them, in hexadecimal.
     */
    public static String archiveName(String jarPath, long jarSize, long jarModified, String javaHome, String vmVersion,
                                     List<String> jvmOptions) {
        StringJoiner options = new StringJoiner("\u0000");
        for (String option : jvmOptions) {
            if (!option.startsWith("-D")) options.add(option);
        }
        return PREFIX + hash(String.join("\n", jarPath, Long.toString(jarSize), Long.toString(jarModified), javaHome,
                vmVersion, options.toString())) + SUFFIX;
    }

    /**
     * The name of the file that remembers whether the JVM (home and build) has {@link #LOW_PAUSE_COLLECTOR}: asking the
     * JVM takes its management beans, some 40 ms of every start. Not an archive's name, so {@link #leftovers} keeps it.
     */
    public static String collectorFactName(String javaHome, String vmVersion) {
        return "jvm-" + hash(String.join("\n", javaHome, vmVersion)) + ".collector";
    }

    /** A 64-bit FNV-1a hash of {@code facts}' UTF-8 bytes, in 16 hexadecimal digits. */
    private static String hash(String facts) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : facts.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        String hex = Long.toHexString(hash);
        return "0".repeat(16 - hex.length()) + hex;
    }

    /** Archives kept in the folder, the current one included: a few jars, JVMs or option sets in use do not evict each other. */
    static final int ARCHIVES_KEPT = 3;

    /** A file of the archive folder and its modification time (ms). */
    record ArchiveFile(Path path, long modified) {
    }

    /**
     * What to delete from the archive folder: this launcher's archives beyond the {@link #ARCHIVES_KEPT} newest
     * (never {@code current}), and recordings whose process is gone.
     */
    static List<Path> leftovers(List<ArchiveFile> files, Path current, LongPredicate processAlive) {
        List<ArchiveFile> archives = new ArrayList<>();
        List<Path> delete = new ArrayList<>();
        for (ArchiveFile f : files) {
            String name = f.path().getFileName().toString();
            if (!name.startsWith(PREFIX) || f.path().equals(current)) continue;
            if (name.endsWith(SUFFIX)) {
                archives.add(f);
                continue;
            }
            int part = name.lastIndexOf(SUFFIX + ".part-");
            if (part < 0) continue;
            try {
                if (!processAlive.test(Long.parseLong(name.substring(part + SUFFIX.length() + ".part-".length())))) delete.add(f.path());
            } catch (NumberFormatException e) {
                continue;
            }
        }
        archives.sort(Comparator.comparingLong(ArchiveFile::modified).reversed());
        for (int i = ARCHIVES_KEPT - 1; i < archives.size(); i++) delete.add(archives.get(i).path());
        return delete;
    }
}

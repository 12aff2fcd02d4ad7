package org.entangle.launch;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The three JVMs that {@link ClassArchiveBuild} runs after {@code mvn package}, so that even the first
 * {@code java -jar entangle.jar} after a build maps a class archive (issue #6: the window within 2 s). A static
 * AppCDS archive (JEP 310, "Application Class-Data Sharing") is dumped from a class list, and the list must come from
 * a run: one made without running the app (the JDK's default list plus every class of the app's and its libraries'
 * packages) started the workbench in 2.37–2.56 s, one taken from a run in 2.16–2.23 s (four starts each, session 10).
 * <ol>
 * <li>{@link #training()}: the workbench under JavaFX's headless Monocle platform with the software renderer, opening
 * every panel ({@code --time-panels}) on fresh settings, writing the classes it loads and the lambda call sites it
 * links ({@code -XX:DumpLoadedClassList}). It needs no display, so CI builds the archive too; it differs from a run on
 * a real display only by 56 of some 7,100 classes (the GTK window toolkit's and the OpenGL pipeline's), which load as
 * usual.</li>
 * <li>{@link #dump()}: {@code -Xshare:dump} of that list ({@link #keptInList}: without the Monocle classes, which are
 * not in the jar) into {@link #partial}, moved to {@link #archive} when checked.</li>
 * <li>{@link #check()}: {@code -Xshare:on}, which fails unless the JVM maps the archive for this jar, running
 * {@code --version}.</li>
 * </ol>
 * The archive lies beside the jar under the name {@link SharedArchiveLauncher} looks for there: the jar's and the JVM's
 * facts with no JVM options ({@link RelaunchPlan#archiveName}), as for a plain {@code java -jar}.
 *
 * @param java              the {@code java} of the JDK the jar will run on (the one that builds)
 * @param jar               the application jar
 * @param trainingClassPath what the training run needs beside the jar (the Monocle jar)
 * @param home              a fresh settings folder for the training run
 * @param classList         where the training run writes its class list
 * @param keptList          the list the dump reads
 * @param archive           the archive's final path
 */
public record ArchiveBuildPlan(Path java, Path jar, String trainingClassPath, Path home, Path classList, Path keptList,
                               Path archive) {

    /** The package of the headless platform's classes, used by the training run only. */
    static final String MONOCLE_PACKAGE = "com/sun/glass/ui/monocle/";

    /** The training run: the app, with every panel opened, on the headless platform and a fresh settings folder. */
    public List<String> training() {
        return List.of(java.toString(), "-XX:DumpLoadedClassList=" + classList, "-Dentangle.relaunch=false",
                "-Dentangle.home=" + home, "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                "-Dheadless.geometry=1920x1080-32", "-Dprism.order=sw", "-cp",
                jar + File.pathSeparator + trainingClassPath, "org.entangle.Main", "--time-panels");
    }

    /** The dump of the kept list into {@link #partial()}. */
    public List<String> dump() {
        return List.of(java.toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + keptList,
                "-XX:SharedArchiveFile=" + partial(), "-cp", jar.toString());
    }

    /** A run that fails unless the JVM maps {@link #partial()} for this jar. */
    public List<String> check() {
        return List.of(java.toString(), "-Xshare:on", "-XX:SharedArchiveFile=" + partial(), "-cp", jar.toString(),
                "org.entangle.Main", "--version");
    }

    /** Where the archive is dumped before it is checked and moved into place. */
    public Path partial() {
        return archive.resolveSibling(archive.getFileName() + ".part");
    }

    /**
     * The lines of the training run's class list that the dump can use: all but the headless platform's classes and
     * the lambda call sites in them (a line names its class first; a lambda line, {@code @lambda-proxy}, the class
     * whose call site it links).
     */
    public static List<String> keptInList(List<String> lines) {
        List<String> kept = new ArrayList<>(lines.size());
        for (String line : lines) {
            if (!line.contains(MONOCLE_PACKAGE)) kept.add(line);
        }
        return kept;
    }
}

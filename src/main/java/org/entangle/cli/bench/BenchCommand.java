package org.entangle.cli.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code entangle bench SUBJECT}: the benchmarks behind the speed targets in resources/docs/benchmarks.md. Each
 * subject is a subcommand that warms up, measures with {@link Stopwatch}, and prints the median and the spread.
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure the speed targets (warm-up, then the median of many runs).",
        subcommands = {
            CountBench.class,
            DiagramBench.class,
            BenchCountCommand.class,
            BenchEnumerateCommand.class,
            BenchOptimizeCommand.class,
            CheckBench.class,
            SynthesizeBench.class,
            VerifyBench.class,
            BanksBench.class,
            PartitionBench.class,
            StartupBench.class,
            ActionsBench.class,
        })
public final class BenchCommand {

    /** The interactive view's benchmark, a JavaFX class: registered only where JavaFX is on the class path. */
    static final String VIEW_BENCH = "org.entangle.app.diagram.ViewRedrawBench";
    /** The gallery's scrolling benchmark, a JavaFX class too. */
    static final String GALLERY_BENCH = "org.entangle.app.gallery.GalleryScrollBench";

    /**
     * Adds the subjects that need JavaFX when it is present. The GPU bundle leaves JavaFX out, and naming a
     * JavaFX class in the annotation would make every command fail to start there.
     */
    public static void addDesktopSubjects(CommandLine bench) {
        try {
            Class.forName("javafx.scene.Parent", false, BenchCommand.class.getClassLoader());
            bench.addSubcommand(Class.forName(VIEW_BENCH).getDeclaredConstructor().newInstance());
            bench.addSubcommand(Class.forName(GALLERY_BENCH).getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException | LinkageError e) {
            return;
        }
    }
}

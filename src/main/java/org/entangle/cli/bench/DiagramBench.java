package org.entangle.cli.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.diagram.export.SvgExporter;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code entangle bench diagram}: the diagram speed targets on Kogge–Stone at n = 1024 (9,217 ops):
 * computing the layout (target under 20 ms) and writing the SVG from it (target under 200 ms; streamed into a
 * byte counter, UTF-8 encoding included, as {@code render} streams it into a file).
 */
@Command(name = "diagram", mixinStandardHelpOptions = true,
        description = "Layout and SVG export of Kogge-Stone n = 1024 (targets: 20 ms, 200 ms).")
public final class DiagramBench implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", defaultValue = "1024", description = "network width (default: ${DEFAULT-VALUE})")
    private int n;

    @Option(names = "--runs", defaultValue = "30", description = "timed runs (default: ${DEFAULT-VALUE})")
    private int runs;

    @Override
    public Integer call() {
        Network network = Families.build("kogge-stone", n);
        var out = spec.commandLine().getOut();
        out.println("kogge-stone n = " + n + ": " + network.opCount() + " ops");
        Stopwatch.Result layout = Stopwatch.measure("layout (default options)", 2000, runs,
                () -> DiagramLayouter.layout(network));
        out.println(layout.format());
        DiagramOptions rich = DiagramOptions.DEFAULT.withRanges(true).withColourBy(DiagramOptions.ColourBy.FANOUT);
        out.println(Stopwatch.measure("layout (ranges, colour by fan-out)", 2000, runs,
                () -> DiagramLayouter.layout(network, rich)).format());
        Figure figure = Figure.of(DiagramLayouter.layout(network));
        Stopwatch.Result svg = Stopwatch.measure("SVG export (from the layout)", 2000, runs, () -> svgBytes(figure));
        out.println(svg.format() + "  " + svgBytes(figure) / 1024 + " KiB");
        out.println(Stopwatch.measure("layout + SVG export", 2000, runs,
                () -> svgBytes(Figure.of(DiagramLayouter.layout(network)))).format());
        return 0;
    }

    /** Streams the SVG export into a byte counter (UTF-8 encoding included) and returns its size. */
    private static long svgBytes(Figure figure) {
        long[] count = {0};
        OutputStream counter = new OutputStream() {
            @Override
            public void write(int b) {
                count[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                count[0] += len;
            }
        };
        try {
            SvgExporter.write(figure, ExportOptions.DEFAULT, counter);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return count[0];
    }
}

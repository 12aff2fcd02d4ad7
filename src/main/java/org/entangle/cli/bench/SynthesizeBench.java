package org.entangle.cli.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.synth.Synthesizer;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench synthesize}: synthesis of a sketch from an example network and its verification for N = 1, 2, 4,
 * …, 256 (target: the Brent–Kung program from the Brent–Kung 16 example, target under 5 s).
 */
@Command(name = "synthesize", mixinStandardHelpOptions = true,
        description = "Time 'synthesize' (default: networks/sketch-brent-kung.angel from networks/brent-kung-16.json).")
public final class SynthesizeBench implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--sketch", defaultValue = "networks/sketch-brent-kung.angel", description = "The sketch (default ${DEFAULT-VALUE}).")
    private Path sketch;

    @Option(names = "--example", defaultValue = "networks/brent-kung-16.json", description = "The example (default ${DEFAULT-VALUE}).")
    private Path example;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() {
        String text;
        try {
            text = Files.readString(sketch);
        } catch (IOException e) {
            throw new UserError(sketch + ": cannot read the sketch");
        }
        Network net = NetworkFiles.load(example);
        Synthesizer.Options options = new Synthesizer.Options(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), false, 40, 400_000);
        PrintWriter out = spec.commandLine().getOut();
        Synthesizer.Result first = new Synthesizer(text, net, options).run();
        out.println(first.found() ? "found (size " + first.fillings().get(0).size() + "):\n" + first.fillings().get(0).program().strip()
                : "no filling: " + first.failure());
        Stopwatch.Result r = Stopwatch.measure("synthesize " + sketch.getFileName(), 0, runs, () -> new Synthesizer(text, net, options).run());
        out.println(r.format());
        return first.found() ? 0 : 1;
    }
}

package org.entangle.cli.bench;

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
        })
public final class BenchCommand {
}

package org.entangle.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.entangle.entanglement.AngelDomain;
import org.entangle.entanglement.FinestPartition;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code entangle bench partition}: the finest valid partition (Torlak and Barman, Onward! 2015) of 10^6 distinct
 * traces over 64 binary angels, for two sets: a planted product of 6 blocks of 10 tuples each (10^6 traces), and 10^6
 * uniformly random traces (one block of 64). The target is under 2 s with under 1 GB of memory.
 */
@Command(name = "partition", mixinStandardHelpOptions = true,
        description = "Time the exact finest partition on 10^6 traces over 64 binary angels.")
public final class PartitionBench implements Callable<Integer> {

    @Option(names = "--runs", description = "timed runs per set (default ${DEFAULT-VALUE})")
    int runs = 5;

    @Option(names = "--seed", description = "random seed (default ${DEFAULT-VALUE})")
    long seed = 2015;

    @Override
    public Integer call() {
        List<AngelDomain> domains = new ArrayList<>();
        for (int a = 0; a < 64; a++) domains.add(new AngelDomain("a" + a, List.of("0", "1")));
        report("planted 6 blocks x 10 tuples", planted(domains, new SplittableRandom(seed)));
        report("uniform random", uniform(domains, new SplittableRandom(seed), 1_000_000));
        return 0;
    }

    private void report(String name, TraceSet set) {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        long before = rt.totalMemory() - rt.freeMemory();
        Partition partition = FinestPartition.of(set);
        Stopwatch.Result result = Stopwatch.measure("partition, " + name, 2000, runs, () -> FinestPartition.of(set));
        System.out.println(result.format());
        System.out.printf(Locale.ROOT, "  %d traces, %d angels, %d blocks of sizes %s; heap in use after building the set %d MB, max heap %d MB%n",
                set.size(), set.angels(), partition.blocks().size(),
                partition.blocks().stream().map(b -> b.size()).toList(), before >> 20, rt.maxMemory() >> 20);
    }

    /** Six blocks (11, 11, 11, 11, 10, 10 angels) of 10 random distinct tuples each: 10^6 traces. */
    static TraceSet planted(List<AngelDomain> domains, SplittableRandom random) {
        int[] sizes = {11, 11, 11, 11, 10, 10};
        int[][] tuples = new int[sizes.length][10];
        for (int b = 0; b < sizes.length; b++) {
            java.util.Set<Integer> seen = new java.util.LinkedHashSet<>();
            while (seen.size() < 10) seen.add(random.nextInt(1 << sizes[b]));
            int i = 0;
            for (int t : seen) tuples[b][i++] = t;
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        int[] codes = new int[64];
        for (int index = 0; index < 1_000_000; index++) {
            int rest = index;
            int angel = 0;
            for (int b = 0; b < sizes.length; b++) {
                int tuple = tuples[b][rest % 10];
                rest /= 10;
                for (int j = 0; j < sizes[b]; j++) codes[angel++] = tuple >> j & 1;
            }
            builder.add(codes);
        }
        return builder.build();
    }

    static TraceSet uniform(List<AngelDomain> domains, SplittableRandom random, int count) {
        TraceSet.Builder builder = TraceSet.builder(domains);
        int[] codes = new int[64];
        while (builder.distinct() < count) {
            long bits = random.nextLong();
            for (int a = 0; a < 64; a++) codes[a] = (int) (bits >>> a & 1);
            builder.add(codes);
        }
        return builder.build();
    }
}

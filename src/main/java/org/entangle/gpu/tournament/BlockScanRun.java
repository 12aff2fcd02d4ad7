package org.entangle.gpu.tournament;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import jcuda.Pointer;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.network.Network;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Setting;

/**
 * The block-scan setting of a GPU tournament at one width: compiles every candidate's kernel and the library
 * kernels of {@link BlockScanSource} (one nvcc run; when it fails, each candidate alone, so that only the ones nvcc
 * rejects drop out), checks every kernel against a CPU reference of the repeated scan (a kernel that computes a
 * wrong result is reported and not timed), then times the passed ones in interleaved rounds: in each round every
 * contender in a freshly shuffled order, the median of {@code runs} launches, so that drift of the device touches
 * all alike; a contender's figure is the median of its rounds, in ns per block scan.
 */
public final class BlockScanRun {

    /**
     * The run's sizes.
     *
     * @param threads   threads (elements) per launch: blocks × width
     * @param checkReps scans per block in the correctness check
     * @param timedReps scans per block in a timed launch
     * @param rounds    interleaved rounds
     * @param runs      timed launches per contender and round (after one warm-up)
     * @param seed      seed of the input and of the rounds' orders
     */
    public record Config(int threads, int checkReps, int timedReps, int rounds, int runs, long seed) {
    }

    private BlockScanRun() {
    }

    /** Runs the setting; failures of single candidates are entries, never exceptions. */
    public static Setting run(Gpu gpu, NvccCompiler nvcc, int width, List<Candidate> candidates, Config config, Consumer<String> progress) {
        int blocks = config.threads() / width;
        Map<String, String> failures = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        String ptx = compile(nvcc, gpu.info().arch(), width, candidates, failures, progress);
        progress.accept(String.format(Locale.ROOT, "block %d: %d kernels compiled in %.1f s, %d rejected by nvcc", width,
                candidates.size() - failures.size() + BlockScanSource.libraries(width).size(), (System.nanoTime() - t0) / 1e9, failures.size()));
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (!failures.containsKey(candidates.get(i).id())) contenders.add(new Contender(BlockScanSource.entry(i), candidates.get(i), null));
        }
        for (BlockScanSource.Library l : BlockScanSource.libraries(width)) contenders.add(new Contender(l.entry(), null, l));
        int[] input = new Random(config.seed()).ints(config.threads(), -1000, 1000).toArray();
        int[] expected = RepeatedScan.of(input, width, config.checkReps());
        long bytes = 4L * config.threads();
        try (TournamentModule module = new TournamentModule(ptx);
             DeviceBuffer in = gpu.allocate(bytes, "the tournament's input");
             DeviceBuffer out = gpu.allocate(bytes, "the tournament's output");
             EventTimer timer = new EventTimer()) {
            cuMemcpyHtoD(in.pointer(), Pointer.to(input), bytes);
            List<Contender> passed = new ArrayList<>();
            for (Contender c : contenders) {
                String wrong = ProfileLaunch.launchAndCheck(gpu, module, c.entry(), blocks, width, in, out, expected, config.checkReps());
                if (wrong == null) passed.add(c);
                else failures.put(c.id(), wrong);
            }
            progress.accept("block " + width + ": " + passed.size() + " of " + contenders.size() + " kernels computed the right result"
                    + " (" + config.checkReps() + " scans of " + blocks + " blocks, seed " + config.seed() + ")");
            Map<String, List<Double>> rounds = new LinkedHashMap<>();
            Random order = new Random(config.seed() ^ 0x7E57L);
            for (int round = 0; round < config.rounds(); round++) {
                List<Contender> shuffled = new ArrayList<>(passed);
                Collections.shuffle(shuffled, order);
                for (Contender c : shuffled) {
                    double ms = timer.medianMillis(1, config.runs(), () -> module.launch(c.entry(), blocks, width, in, out, config.timedReps()));
                    rounds.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(ms * 1e6 / ((double) blocks * config.timedReps()));
                }
                gpu.synchronize("timing round " + (round + 1) + " at width " + width);
                progress.accept("block " + width + ": round " + (round + 1) + " of " + config.rounds() + " timed");
            }
            List<Entry> entries = new ArrayList<>();
            for (Contender c : contenders) entries.add(c.entry(failures.get(c.id()), rounds.get(c.id()), module));
            for (int i = 0; i < candidates.size(); i++) {
                Candidate c = candidates.get(i);
                if (failures.containsKey(c.id()) && contenders.stream().noneMatch(k -> k.candidate() == c)) {
                    entries.add(Entry.failed(c, failures.get(c.id())));
                }
            }
            return new Setting("block", width, config.threads(), "ns per block scan", null, entries);
        }
    }

    /** A kernel in the module: a candidate's or a library algorithm's. */
    private record Contender(String entry, Candidate candidate, BlockScanSource.Library library) {

        String id() {
            return candidate != null ? candidate.id() : library.name();
        }

        Entry entry(String failure, List<Double> rounds, TournamentModule module) {
            if (failure != null || rounds == null) {
                String why = failure != null ? failure : "not timed";
                return candidate != null ? Entry.failed(candidate, why) : Entry.libraryFailed(library.name(), library.description(), why);
            }
            double median = EventTimer.median(rounds);
            int registers = module.registers(entry);
            return candidate != null ? Entry.measured(candidate, registers, median, rounds)
                    : Entry.library(library.name(), library.description(), registers, median, rounds);
        }
    }

    /** The PTX of every kernel nvcc accepts; the rejected candidates go into {@code failures}. */
    private static String compile(NvccCompiler nvcc, String arch, int width, List<Candidate> candidates, Map<String, String> failures,
                                  Consumer<String> progress) {
        List<Network> networks = candidates.stream().map(Candidate::network).toList();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) ids.add(i);
        try {
            return nvcc.ptx(BlockScanSource.source(width, networks, ids, true), arch);
        } catch (CudaCompileException batch) {
            progress.accept("block " + width + ": nvcc rejected the batch; compiling each candidate alone");
        }
        List<Network> accepted = new ArrayList<>();
        List<Integer> acceptedIds = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            try {
                nvcc.ptx(BlockScanSource.source(width, List.of(networks.get(i)), List.of(i), false), arch);
                accepted.add(networks.get(i));
                acceptedIds.add(i);
            } catch (CudaCompileException e) {
                failures.put(candidates.get(i).id(), "compile error: " + e.getMessage());
                progress.accept("FAILED " + candidates.get(i).id() + ": compile error");
            }
        }
        try {
            return nvcc.ptx(BlockScanSource.source(width, accepted, acceptedIds, true), arch);
        } catch (CudaCompileException e) {
            throw new GpuException("nvcc rejected the library kernels at width " + width + ": " + e.getMessage(), e);
        }
    }
}

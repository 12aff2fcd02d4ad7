package org.entangle.gpu.tournament;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.patterns.CompactPattern;
import org.entangle.gpu.patterns.PatternBenchRow;
import org.entangle.gpu.patterns.PatternCheck;
import org.entangle.gpu.patterns.PatternProtocol;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Setting;

/**
 * The pattern setting of a GPU tournament: each candidate as the scan network of the stream compaction (int32,
 * keep {@code x > 0}), checked by the pattern's own check (its predicates and sizes around the tile) before it is
 * timed, then timed in interleaved rounds against {@code cub::DeviceSelect::If}, which runs beside every
 * measurement (the pattern's benchmark protocol, {@link CompactPattern#bench}, with at least
 * {@link PatternProtocol#MIN_RUNS} runs per figure).
 */
public final class PatternScanRun {

    private PatternScanRun() {
    }

    /** One setting per size; candidates that fail the pattern's check are failed entries. */
    public static List<Setting> run(Gpu gpu, int width, List<Candidate> candidates, List<Long> sizes, int rounds, int runs, long seed,
                                    Consumer<String> progress) {
        CompactPattern pattern = new CompactPattern();
        Map<String, String> failures = new LinkedHashMap<>();
        List<Candidate> passed = new ArrayList<>();
        for (Candidate c : candidates) {
            try {
                String wrong = null;
                for (PatternCheck check : pattern.check(gpu, request(c), List.of(1L, 4097L, 999_983L), seed)) {
                    if (!check.passed() && wrong == null) wrong = check.config() + " n=" + check.n() + ": " + check.detail();
                }
                if (wrong == null) passed.add(c);
                else failures.put(c.id(), "wrong result: " + wrong);
            } catch (IllegalArgumentException | GpuException e) {
                failures.put(c.id(), e.getMessage());
            }
        }
        progress.accept("compaction " + width + ": " + passed.size() + " of " + candidates.size() + " candidates checked");
        List<Setting> settings = new ArrayList<>();
        for (long n : sizes) {
            Map<String, List<Double>> times = new LinkedHashMap<>();
            List<Double> library = new ArrayList<>();
            List<Candidate> order = new ArrayList<>(passed);
            Random shuffle = new Random(seed ^ n);
            for (int round = 0; round < rounds; round++) {
                Collections.shuffle(order, shuffle);
                for (Candidate c : order) {
                    PatternBenchRow row = pattern.bench(gpu, request(c), List.of(n), 1, Math.max(runs, PatternProtocol.MIN_RUNS)).get(0);
                    times.computeIfAbsent(c.id(), x -> new ArrayList<>()).add(row.oursMs());
                    library.add(row.libraryMs());
                }
                progress.accept("compaction " + width + " at " + n + ": round " + (round + 1) + " of " + rounds + " timed");
            }
            List<Entry> entries = new ArrayList<>();
            for (Candidate c : candidates) {
                List<Double> t = times.get(c.id());
                entries.add(t == null ? Entry.failed(c, failures.getOrDefault(c.id(), "not timed")) : Entry.measured(c, -1, EventTimer.median(t), t));
            }
            if (!library.isEmpty()) {
                entries.add(Entry.library("cub::DeviceSelect::If", "CUB's compaction, timed beside every candidate", -1, EventTimer.median(library), library));
            }
            settings.add(new Setting("pattern:compact", width, n, "ms", WideScanRun.note(entries), entries));
        }
        return settings;
    }

    private static PatternRequest request(Candidate c) {
        return new PatternRequest(c.network(), c.id(), List.of("int32"), Map.of("predicate", "threshold"));
    }
}

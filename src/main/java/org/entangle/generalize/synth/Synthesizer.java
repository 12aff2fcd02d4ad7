package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * Counter-example guided inductive synthesis (Solar-Lezama, "Program Synthesis by Sketching", 2008)
 * of a sketch's holes from one example network. The <em>size</em> of a filling is the total number of nodes of
 * its hole expressions (variables, constants and operators; {@code i - offset} has 3, {@code ((i + 1) % (offset +
 * offset)) == 0} has 9). Candidates come in increasing size, over every alignment of the sketch's block
 * executions with the example's non-empty steps: each block is solved against its aligned steps by size
 * ({@link SiteProblem}), and a candidate of size s is one filling per block whose sizes sum to s. Each candidate
 * is run with the interpreter at the counterexample N found so far and then at every N of the verification set
 * ({@link Verifier}); the first one that passes is the smallest filling (up to observational equivalence on the
 * recorded lanes, within the enumeration's class limit). The first failing N becomes a counterexample: its lane
 * environments refine the equivalence classes, and the search starts again from the smallest size (the fillings
 * already tried are skipped). With {@code all}, every verified filling up to the size bound is listed, smallest
 * first, up to a limit; a {@link Listener} sees the progress and can stop the search.
 */
public final class Synthesizer {

    private static final int ALIGNMENT_LIMIT = 4096;
    private static final int LANES_PER_COUNTEREXAMPLE_RUN = 16;
    /** The most fillings listed with {@code all} unless the options say otherwise. */
    public static final int DEFAULT_LIMIT = 100;

    /**
     * The search settings.
     *
     * @param verify     the N every filling must be correct for
     * @param all        list every verified filling up to {@code maxSize} (else stop at the first, the smallest)
     * @param maxSize    the largest total size searched
     * @param classLimit the most observational classes an enumerator keeps
     * @param limit      with {@code all}, stop after this many fillings
     */
    public record Options(List<Integer> verify, boolean all, int maxSize, int classLimit, int limit) {
        public Options(List<Integer> verify, boolean all, int maxSize, int classLimit) {
            this(verify, all, maxSize, classLimit, DEFAULT_LIMIT);
        }
    }

    /** A verified filling: the filled program text, each hole's expression by hole number, its size (total nodes). */
    public record Filling(String program, Map<Integer, String> holes, int size, int verifiedUpTo) {
    }

    /**
     * The outcome: verified fillings (smallest first), or why there are none.
     *
     * @param searchedUpTo every filling of at most this size was considered (−1 when the search stopped before size 0)
     * @param complete     false when the search was stopped (a {@link Listener}) or the {@code all} limit was reached
     */
    public record Result(List<Filling> fillings, List<Integer> counterexamples, int candidatesTried, String failure,
                         int searchedUpTo, boolean complete) {
        public boolean found() {
            return !fillings.isEmpty();
        }
    }

    /** Where a running search stands. */
    public record Progress(int size, int maxSize, int candidatesTried, int fillingsFound, List<Integer> counterexamples) {
    }

    /** Watches a search: told its progress as the size grows and after each verified filling; may stop it. */
    public interface Listener {
        /** A listener that watches nothing and never stops the search. */
        Listener NONE = new Listener() {
        };

        default void progress(Progress progress) {
        }

        default boolean isCancelled() {
            return false;
        }
    }

    private final String source;
    private final Program program;
    private final Skeleton skeleton;
    private final ScanSpec spec;
    private final Network example;
    private final Options options;
    private final List<Integer> counterexamples = new ArrayList<>();
    private final Set<String> tried = new HashSet<>();
    private final List<Filling> found = new ArrayList<>();
    private int tries;
    private String firstFailure;
    private Listener listener = Listener.NONE;

    /** Throws {@link SketchError} or {@link org.entangle.lang.LangError} for a sketch or example it cannot use. */
    public Synthesizer(String source, Network example, Options options) {
        this.source = source;
        this.program = Program.parse(source);
        this.skeleton = new Skeleton(program);
        this.spec = resultSpec(program);
        this.example = example;
        this.options = options;
        for (Step s : example.steps()) {
            for (Op op : s.ops()) {
                if (op.kind() != OpKind.COMBINE) throw new SketchError("the example's op " + op + " is not a combine x[d] = x[s] + x[d]");
            }
        }
    }

    private static ScanSpec resultSpec(Program program) {
        for (Stmt s : program.statements()) if (s instanceof Stmt.AssertResult r) return r.spec();
        throw new SketchError("the sketch needs 'assert scan(x)' or 'assert reduce(x)' at the top level to be verified");
    }

    /** Runs the search. */
    public Result run() {
        return run(Listener.NONE);
    }

    /** Runs the search, telling {@code watcher} its progress and stopping when it says so. */
    public Result run(Listener watcher) {
        this.listener = watcher;
        int searched = -1;
        boolean complete = true;
        Search search = new Search();
        for (int size = 0; size <= options.maxSize(); size++) {
            listener.progress(new Progress(size, options.maxSize(), tries, found.size(), List.copyOf(counterexamples)));
            Outcome outcome = listener.isCancelled() ? Outcome.STOPPED : search.candidates(size);
            if (outcome == Outcome.REFINED) {
                search = new Search();
                size = -1;
                continue;
            }
            if (outcome == Outcome.DONE && !options.all()) return result(size, true);
            if (outcome == Outcome.STOPPED) {
                complete = false;
                break;
            }
            searched = size;
        }
        return result(searched, complete);
    }

    private Result result(int searched, boolean complete) {
        String why = null;
        if (found.isEmpty()) {
            if (!complete) why = "stopped before a filling was found (every filling of at most " + Math.max(searched, 0) + " nodes was tried)";
            else if (firstFailure != null) why = firstFailure;
            else why = "no filling of at most " + options.maxSize() + " nodes reproduces the example at N = " + example.width();
        }
        return new Result(List.copyOf(found), List.copyOf(counterexamples), tries, why, searched, complete);
    }

    /** How a size's candidates ended: all tried, a filling found (and the search is done), a counterexample, a stop. */
    private enum Outcome { TRIED, DONE, REFINED, STOPPED }

    /** The search under the current counterexamples: block solvers, alignments and the block problems they pose. */
    private final class Search {
        private final List<SiteSolver> solvers;
        private final List<int[]> alignments;
        private final List<Map<Integer, Integer>> steps = new ArrayList<>();
        private final List<Skeleton.BlockRun> runs;
        private final Map<String, SiteProblem> problems = new HashMap<>();
        private final List<SiteProblem[]> posed = new ArrayList<>();

        Search() {
            runs = skeleton.run(example.width());
            for (Step s : example.withoutEmptySteps().steps()) {
                Map<Integer, Integer> writes = new HashMap<>();
                for (Op op : s.ops()) writes.put(op.dst(), op.src());
                steps.add(writes);
            }
            solvers = solvers(runs);
            alignments = alignments(runs.size(), steps.size());
            for (int[] alignment : alignments) posed.add(pose(alignment));
        }

        /** The problem each block poses under {@code alignment} (shared between alignments that agree on the block). */
        private SiteProblem[] pose(int[] alignment) {
            SiteProblem[] out = new SiteProblem[solvers.size()];
            for (int site = 0; site < solvers.size(); site++) {
                List<Map<Integer, Integer>> targets = new ArrayList<>();
                List<Integer> aligned = new ArrayList<>();
                for (int r = 0; r < runs.size(); r++) {
                    if (runs.get(r).site() != site) continue;
                    targets.add(alignment[r] < 0 ? Map.of() : steps.get(alignment[r]));
                    aligned.add(alignment[r]);
                }
                SiteSolver solver = solvers.get(site);
                out[site] = problems.computeIfAbsent(site + ":" + aligned, k -> solver.problem(targets));
            }
            return out;
        }

        /** Tries every candidate of exactly {@code size} nodes, alignment by alignment. */
        Outcome candidates(int size) {
            for (SiteProblem[] sites : posed) {
                if (impossible(sites)) continue;
                Outcome o = split(sites, 0, size, new SiteProblem.Solution[sites.length]);
                if (o != Outcome.TRIED) return o;
            }
            return Outcome.TRIED;
        }

        private boolean impossible(SiteProblem[] sites) {
            for (SiteProblem p : sites) if (p.impossible()) return true;
            return false;
        }

        /** Every way blocks {@code i}.. share {@code remaining} nodes, each block's fillings of its share in turn. */
        private Outcome split(SiteProblem[] sites, int i, int remaining, SiteProblem.Solution[] chosen) {
            if (i == sites.length) return tryCandidate(chosen);
            int others = 0;
            for (int j = i + 1; j < sites.length; j++) others += sites[j].lowerBound();
            int first = i == sites.length - 1 ? remaining : sites[i].lowerBound();
            for (int share = first; share <= remaining - others; share++) {
                if (share < sites[i].lowerBound()) continue;
                for (SiteProblem.Solution s : sites[i].solutions(share)) {
                    chosen[i] = s;
                    Outcome o = split(sites, i + 1, remaining - share, chosen);
                    if (o != Outcome.TRIED) return o;
                }
            }
            return Outcome.TRIED;
        }

        private Outcome tryCandidate(SiteProblem.Solution[] chosen) {
            if (listener.isCancelled()) return Outcome.STOPPED;
            Map<Integer, Term> holes = new HashMap<>();
            int size = 0;
            for (SiteProblem.Solution s : chosen) {
                holes.putAll(s.holes());
                size += s.size();
            }
            String text = Fill.fill(source, program, holes);
            if (!tried.add(text)) return Outcome.TRIED;
            tries++;
            Program filled = Program.parse(text);
            if (failsAtCounterexample(filled)) return Outcome.TRIED;
            Verification v = Verifier.verify(n -> ProgramRunner.network(filled, n), options.verify(), spec, () -> false);
            if (v.passed()) {
                Map<Integer, String> texts = new TreeMap<>();
                holes.forEach((id, t) -> texts.put(id, t.toString()));
                found.add(new Filling(text, texts, size, v.verifiedUpTo()));
                listener.progress(new Progress(size, options.maxSize(), tries, found.size(), List.copyOf(counterexamples)));
                if (!options.all()) return Outcome.DONE;
                return found.size() >= options.limit() ? Outcome.STOPPED : Outcome.TRIED;
            }
            Verification.Failure f = v.firstFailure().orElseThrow();
            if (firstFailure == null) firstFailure = "the smallest filling that reproduces the example fails at " + f.message();
            counterexamples.add(f.n());
            return Outcome.REFINED;
        }

        private boolean failsAtCounterexample(Program filled) {
            for (int n : counterexamples) {
                if (!Verifier.verify(k -> ProgramRunner.network(filled, k), List.of(n), spec, () -> false).passed()) return true;
            }
            return false;
        }

        private List<SiteSolver> solvers(List<Skeleton.BlockRun> exampleRuns) {
            List<List<Skeleton.BlockRun>> extra = new ArrayList<>();
            for (int n : counterexamples) extra.add(skeletonRuns(n));
            List<SiteSolver> out = new ArrayList<>();
            for (int site = 0; site < skeleton.sites().size(); site++) {
                List<List<int[]>> siteRuns = new ArrayList<>();
                for (Skeleton.BlockRun r : exampleRuns) if (r.site() == site) siteRuns.add(r.lanes());
                List<int[]> extraLanes = new ArrayList<>();
                for (List<Skeleton.BlockRun> cex : extra) {
                    for (Skeleton.BlockRun r : cex) {
                        if (r.site() != site) continue;
                        int stride = Math.max(1, r.lanes().size() / LANES_PER_COUNTEREXAMPLE_RUN);
                        for (int l = 0; l < r.lanes().size(); l += stride) extraLanes.add(r.lanes().get(l));
                    }
                }
                out.add(new SiteSolver(skeleton.sites().get(site), siteRuns, extraLanes, options.classLimit()));
            }
            return out;
        }
    }

    private List<Skeleton.BlockRun> skeletonRuns(int n) {
        try {
            return skeleton.run(n);
        } catch (SketchError e) {
            return List.of();
        }
    }

    /** Every monotone assignment of the {@code steps} example steps to {@code runs} block executions (−1: an empty execution). */
    private static List<int[]> alignments(int runs, int steps) {
        List<int[]> out = new ArrayList<>();
        align(new int[runs], 0, 0, steps, out);
        return out;
    }

    private static void align(int[] current, int run, int step, int steps, List<int[]> out) {
        if (out.size() >= ALIGNMENT_LIMIT) return;
        if (run == current.length) {
            if (step == steps) out.add(Arrays.copyOf(current, current.length));
            return;
        }
        if (current.length - run > steps - step) {
            current[run] = -1;
            align(current, run + 1, step, steps, out);
        }
        if (step < steps) {
            current[run] = step;
            align(current, run + 1, step + 1, steps, out);
        }
    }
}

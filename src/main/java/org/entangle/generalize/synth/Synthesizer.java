package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Counter-example guided inductive synthesis (Solar-Lezama, "Program Synthesis by Sketching", 2008; GUIDE §5)
 * of a sketch's holes from one example network: candidate fillings come, smallest total size first, from
 * solving each block against the example (the block executions aligned with the example's non-empty steps,
 * see {@link SiteSolver}); each is verified by running the filled program with the interpreter at the
 * counterexample N found so far and then at every N of the verification set ({@link Verifier}). The first
 * failing N becomes a counterexample: its lane environments refine the observational equivalence of the
 * enumeration, and the search goes on.
 */
public final class Synthesizer {

    private static final int ALIGNMENT_LIMIT = 4096;
    private static final int SOLUTION_LIMIT = 2000;
    private static final int LANES_PER_COUNTEREXAMPLE_RUN = 16;

    /** The search settings: N to verify, list every filling up to {@code maxSize} when {@code all}, the enumerator's class limit. */
    public record Options(List<Integer> verify, boolean all, int maxSize, int classLimit) {
    }

    /** A verified filling: the filled program text, each hole's expression by hole number, its total size. */
    public record Filling(String program, Map<Integer, String> holes, int size, int verifiedUpTo) {
    }

    /** The outcome: verified fillings (smallest first), or why there are none. */
    public record Result(List<Filling> fillings, List<Integer> counterexamples, int candidatesTried, String failure) {
        public boolean found() {
            return !fillings.isEmpty();
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
    private List<SiteSolver> solvers;
    private int solversRefinedBy;
    private final Map<String, List<SiteSolver.Solution>> solved = new HashMap<>();

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
        List<Filling> found = new ArrayList<>();
        int tries = 0;
        String firstFailure = null;
        int cap = options.maxSize();
        int bound = cap;
        while (bound <= cap) {
            List<Candidate> candidates = candidates(bound);
            boolean refined = false;
            for (Candidate c : candidates) {
                if (!tried.add(c.text)) continue;
                tries++;
                Program filled = Program.parse(c.text);
                String failure = failureAt(filled, counterexamples);
                if (failure != null) continue;
                Verification v = Verifier.verify(n -> ProgramRunner.network(filled, n), options.verify(), spec, () -> false);
                if (v.passed()) {
                    found.add(new Filling(c.text, c.holes, c.size, v.verifiedUpTo()));
                    if (!options.all()) return new Result(found, List.copyOf(counterexamples), tries, null);
                    continue;
                }
                Verification.Failure f = v.firstFailure().orElseThrow();
                if (firstFailure == null) firstFailure = "the smallest filling that reproduces the example fails at " + f.message();
                counterexamples.add(f.n());
                refined = true;
                break;
            }
            if (!refined) bound++;
        }
        found.sort(Comparator.comparingInt(Filling::size));
        String why = found.isEmpty() ? (firstFailure != null ? firstFailure
                : "no filling of at most " + cap + " nodes reproduces the example at N = " + example.width()) : null;
        return new Result(found, List.copyOf(counterexamples), tries, why);
    }

    private String failureAt(Program filled, List<Integer> ns) {
        for (int n : ns) {
            Verification v = Verifier.verify(k -> ProgramRunner.network(filled, k), List.of(n), spec, () -> false);
            if (!v.passed()) return v.firstFailure().orElseThrow().message();
        }
        return null;
    }

    private record Candidate(String text, Map<Integer, String> holes, int size) {
    }

    /** All fillings of total size at most {@code bound} that reproduce the example, smallest first. */
    private List<Candidate> candidates(int bound) {
        int n = example.width();
        List<Skeleton.BlockRun> runs = skeleton.run(n);
        List<Map<Integer, Integer>> steps = new ArrayList<>();
        for (Step s : example.withoutEmptySteps().steps()) {
            Map<Integer, Integer> writes = new HashMap<>();
            for (Op op : s.ops()) writes.put(op.dst(), op.src());
            steps.add(writes);
        }
        if (solvers == null || solversRefinedBy != counterexamples.size()) {
            solvers = solvers(runs);
            solversRefinedBy = counterexamples.size();
            solved.clear();
        }
        Map<String, Candidate> out = new LinkedHashMap<>();
        for (int[] alignment : alignments(runs.size(), steps.size())) {
            List<List<SiteSolver.Solution>> perSite = new ArrayList<>();
            boolean possible = true;
            for (int site = 0; site < solvers.size() && possible; site++) {
                List<Map<Integer, Integer>> targets = new ArrayList<>();
                for (int r = 0; r < runs.size(); r++) {
                    if (runs.get(r).site() == site) targets.add(alignment[r] < 0 ? Map.of() : steps.get(alignment[r]));
                }
                int siteIndex = site;
                List<SiteSolver.Solution> s = solved.computeIfAbsent(site + ":" + targets,
                        k -> solvers.get(siteIndex).solve(targets, bound, SOLUTION_LIMIT, options.all()));
                possible = !s.isEmpty();
                perSite.add(s);
            }
            if (possible) combine(perSite, 0, new HashMap<>(), 0, bound, out);
        }
        List<Candidate> sorted = new ArrayList<>(out.values());
        sorted.sort(Comparator.comparingInt(Candidate::size));
        return sorted;
    }

    private void combine(List<List<SiteSolver.Solution>> perSite, int site, Map<Integer, Term> holes, int size, int bound, Map<String, Candidate> out) {
        if (out.size() >= SOLUTION_LIMIT) return;
        if (site == perSite.size()) {
            String text = Fill.fill(source, program, holes);
            Map<Integer, String> texts = new java.util.TreeMap<>();
            holes.forEach((id, t) -> texts.put(id, t.toString()));
            out.putIfAbsent(text, new Candidate(text, texts, size));
            return;
        }
        for (SiteSolver.Solution s : perSite.get(site)) {
            if (size + s.size() > bound) break;
            Map<Integer, Term> next = new HashMap<>(holes);
            next.putAll(s.holes());
            combine(perSite, site + 1, next, size + s.size(), bound, out);
        }
    }

    private List<SiteSolver> solvers(List<Skeleton.BlockRun> runs) {
        List<List<Skeleton.BlockRun>> extra = new ArrayList<>();
        for (int n : counterexamples) extra.add(skeletonRuns(n));
        List<SiteSolver> solvers = new ArrayList<>();
        for (int site = 0; site < skeleton.sites().size(); site++) {
            List<List<int[]>> exampleRuns = new ArrayList<>();
            for (Skeleton.BlockRun r : runs) if (r.site() == site) exampleRuns.add(r.lanes());
            List<int[]> extraLanes = new ArrayList<>();
            for (List<Skeleton.BlockRun> cex : extra) {
                for (Skeleton.BlockRun r : cex) {
                    if (r.site() != site) continue;
                    int stride = Math.max(1, r.lanes().size() / LANES_PER_COUNTEREXAMPLE_RUN);
                    for (int l = 0; l < r.lanes().size(); l += stride) extraLanes.add(r.lanes().get(l));
                }
            }
            solvers.add(new SiteSolver(skeleton.sites().get(site), exampleRuns, extraLanes, options.classLimit()));
        }
        return solvers;
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
            if (step == steps) out.add(current.clone());
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

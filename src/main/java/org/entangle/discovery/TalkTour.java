package org.entangle.discovery;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.entangle.entanglement.Block;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.generalize.variants.ProgramVariants;
import org.entangle.generalize.variants.VariantVerifier;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.oracle.SpecForm;
import org.entangle.work.CancellationToken;

/**
 * "Reproduce the talk" (Barman, Jain, Tung and Bodik, "Update on Angelic Programming: synthesizing GPU friendly
 * parallel scans"): from the talk's program at N (a power of two) to Brent and Kung's network through constraints the
 * entanglement results suggest, then to the talk's generalised Brent–Kung program, its verification for N = 1..1024,
 * its backward variant and a check on the GPU. Every step records what the talk claims beside what the tool found.
 * The discovery steps choose by stated rules: the pin is the state of the angels' own reduction in log2 N steps with
 * N − 1 ops; the slice is the Pareto point with the fewest ops; each fix takes the open block with the most
 * combinations and its most SIMD-regular combination ({@link Gestures#mostRegular}); they stop when one trace is left.
 * The generalise step fills the talk's sketch from the discovered network ({@link TourGeneralisation}).
 */
public final class TalkTour {

    /** What a step of the tour does. */
    public enum Kind { ASK, PIN, SLICE, FIX, GENERALISE, VERIFY, VARIANT, GPU, DONE }

    /** One step done: what the talk claims, what the tool found, and the discovery stage it made (null after them). */
    public record Step(Kind kind, String title, String claim, String found, Stage stage) {
    }

    /** The largest N the generalised program is verified for. */
    public static final int VERIFY_UP_TO = 1024;
    /** The classpath folder of the catalogue programs. */
    private static final String PROGRAMS = "/org/entangle/app/program/templates/";

    private final int n;
    private final List<Step> steps = new ArrayList<>();
    private DiscoverySession session;
    private Program generalised;

    /** A tour at width {@code n}, a power of two of at least 4. */
    public TalkTour(int n) {
        if (n < 4 || Integer.bitCount(n) != 1) throw new IllegalArgumentException("the tour runs at a power of two N ≥ 4, not " + n);
        this.n = n;
    }

    /** The talk's program at width n, as the spec form it is (the catalogue's talk-scan16.angel with N = n). */
    public static SpecForm talkProblem(int n) {
        String text = catalogue("talk-scan16.angel").replace("N = 16", "N = " + n);
        return SpecForm.recognise(Program.parse(text))
                .orElseThrow(() -> new IllegalStateException("the talk's program is no longer the spec form it was"));
    }

    /** A catalogue program's text by file name. */
    public static String catalogue(String name) {
        try (InputStream in = TalkTour.class.getResourceAsStream(PROGRAMS + name)) {
            if (in == null) throw new IllegalStateException("the catalogue program " + name + " is missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the next step does. */
    public Kind nextKind() {
        if (steps.isEmpty()) return Kind.ASK;
        Kind last = steps.get(steps.size() - 1).kind();
        return switch (last) {
            case ASK -> Kind.PIN;
            case PIN -> Kind.SLICE;
            case SLICE, FIX -> session.current().openBlocks().isEmpty() ? Kind.GENERALISE : Kind.FIX;
            case GENERALISE -> Kind.VERIFY;
            case VERIFY -> Kind.VARIANT;
            case VARIANT -> Kind.GPU;
            case GPU, DONE -> Kind.DONE;
        };
    }

    /**
     * Does the next step on the calling thread (long work) and returns it; the GPU step is the caller's
     * ({@link #recordGpu}), since the core has no device.
     */
    public Step next(CancellationToken cancel, Consumer<String> progress) {
        Kind kind = nextKind();
        Step step = switch (kind) {
            case ASK -> ask(cancel, progress);
            case PIN -> constrain(Kind.PIN, "Pin the state after step log2 N", Gestures.reductionPin(session.current().spec().base(), cancel),
                    "Entanglement: unentangled angels are sub-computations. The original experiments (skalch, 2010) pinned the "
                            + "middle state to Brent–Kung's up-sweep state to steer the search.", cancel, progress);
            case SLICE -> {
                Gestures.ParetoPoint point = Gestures.paretoFront(session.current()).get(0);
                yield constrain(Kind.SLICE, "Keep the fewest ops", Gestures.slice(point),
                        "assert ops <= 2N: the angels are asked for work-efficient networks.", cancel, progress);
            }
            case FIX -> fix(cancel, progress);
            case GENERALISE -> generalise(cancel);
            case VERIFY -> verify(cancel);
            case VARIANT -> variant(cancel);
            case GPU -> throw new IllegalStateException("the GPU step is run by the caller and recorded with recordGpu");
            case DONE -> throw new IllegalStateException("the tour is over");
        };
        steps.add(step);
        return step;
    }

    private Step ask(CancellationToken cancel, Consumer<String> progress) {
        Stage first = StageAnalysis.run(StageSpec.of(talkProblem(n)), cancel, progress);
        session = new DiscoverySession(first);
        Block largest = first.rawPartition().blocks().stream().max(java.util.Comparator.comparingInt(Block::size)).orElseThrow();
        String found = String.format(Locale.ROOT, "%s safe traces. On %s: %s; the largest block holds %d of %d angels.",
                first.countText(), first.analysed(), first.structure(), largest.size(), first.traces().set().angels());
        return new Step(Kind.ASK, "Ask the angels (N = " + n + ")", "Ask angels how to do parallel scan in O(log n) time. "
                + "Synthesizer creates irregular networks: too many networks (possibly thousands).", found, first);
    }

    private Step constrain(Kind kind, String title, Constraint constraint, String claim, CancellationToken cancel,
                           Consumer<String> progress) {
        Stage before = session.current();
        Stage next = DiscoverySession.ask(before, constraint, cancel, progress);
        session.add(next);
        String found = String.format(Locale.ROOT, "%s: %s → %s safe trace%s. On %s: %s.", constraint.describe(), before.countText(),
                next.countText(), next.count().equals(java.math.BigInteger.ONE) ? "" : "s", next.analysed(), next.structure());
        return new Step(kind, title, claim, found, next);
    }

    private Step fix(CancellationToken cancel, Consumer<String> progress) {
        Stage stage = session.current();
        int chosen = -1;
        for (int i = 0; i < stage.rawPartition().blocks().size(); i++) {
            Block b = stage.rawPartition().blocks().get(i);
            if (b.combinations() > 1 && (chosen < 0 || b.combinations() > stage.rawPartition().blocks().get(chosen).combinations())) {
                chosen = i;
            }
        }
        Constraint.FixBlock fix = Gestures.fix(stage, chosen, Gestures.mostRegular(stage, chosen));
        return constrain(Kind.FIX, "Fix the largest open block", fix,
                "Examining each partition leads to the BK pattern.", cancel, progress);
    }

    /** The one network the discovery ended with (empty steps dropped). */
    public Network discovered() {
        Stage last = session.current();
        if (last.traceList().size() != 1) throw new IllegalStateException("the discovery has not narrowed the space to one trace");
        return last.traceList().get(0).network().withoutEmptySteps();
    }

    private Step generalise(CancellationToken cancel) {
        TourGeneralisation g = TourGeneralisation.of(discovered(), n, cancel);
        generalised = g.program();
        return new Step(Kind.GENERALISE, "Generalise to a program", "Generalize examples to programs: for step = 1 .. log(N) … "
                + "a[i] = a[i] + a[i − offset] (up-sweep, then down-sweep).", g.found(), null);
    }

    private Step verify(CancellationToken cancel) {
        List<Integer> ns = IntStream.rangeClosed(1, VERIFY_UP_TO).boxed().toList();
        Verification v = Verifier.verify(generalised, ns, cancel, Math.max(1, Runtime.getRuntime().availableProcessors()));
        String found = v.passed() ? String.format(Locale.ROOT, "correct for every N = 1..%d (%d N checked)", VERIFY_UP_TO, v.rows().size())
                : "fails at N = " + v.firstFailure().orElseThrow().n() + ": " + v.firstFailure().orElseThrow().message();
        return new Step(Kind.VERIFY, "Verify for N = 1.." + VERIFY_UP_TO, "SIMD program for BK on any (or many) N.", found, null);
    }

    private Step variant(CancellationToken cancel) {
        String text = ProgramVariants.derive(generalised, ProgramVariants.Variant.BACKWARD);
        Verification v = VariantVerifier.verify(Program.parse(text), VariantVerifier.defaultNs(VERIFY_UP_TO), 1, cancel);
        String found = v.passed() ? String.format(Locale.ROOT, "the backward variant is correct for every N = 1..%d", VERIFY_UP_TO)
                : "the backward variant fails at N = " + v.firstFailure().orElseThrow().n();
        return new Step(Kind.VARIANT, "A variant: backward", "Forward to Backward: a[i] = a[n−1] + … + a[i].", found, null);
    }

    /** Records the GPU step, run by the caller: what it found, or why it was skipped. */
    public Step recordGpu(String found) {
        if (nextKind() != Kind.GPU) throw new IllegalStateException("the tour is not at its GPU step");
        Step step = new Step(Kind.GPU, "Run it on the GPU", "Run it on the GPU to check it against a CPU reference.", found, null);
        steps.add(step);
        return step;
    }

    /** The generalised program (after the generalise step), whose network at each N the GPU step runs. */
    public Program generalised() {
        return generalised;
    }

    /** The steps done, in order. */
    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The discovery session (null before the first step). */
    public DiscoverySession session() {
        return session;
    }

    public int n() {
        return n;
    }
}

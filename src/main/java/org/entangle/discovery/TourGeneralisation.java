package org.entangle.discovery;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.synth.Synthesizer;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;

/**
 * The tour's generalise step ("Generalize examples to programs", Barman, Jain, Tung and Bodik, "Update on Angelic
 * Programming"): the talk's sketch of an up-sweep and a down-sweep with holes ({@value #SKETCH}) is filled from the
 * discovered network as the example, and the smallest filling correct for N = 1..{@value #VERIFIED_UP_TO} is the
 * generalised program. Where there is none (an example too small to fix the holes: at N = 8 the smallest filling that
 * reproduces it fails at N = 9) the reason is stated and the talk's own Brent–Kung program is taken instead. Either
 * way the step says whether the talk's program and Brent and Kung's construction build the discovered network at N.
 *
 * @param program the generalised program
 * @param found   what the step found, in words
 */
public record TourGeneralisation(Program program, String found) {

    /** The sketch filled from the discovered network. */
    public static final String SKETCH = "sketch-brent-kung.angel";
    /** The largest N a filling must be correct for before it is taken. */
    public static final int VERIFIED_UP_TO = 64;
    /** The search's bounds, those of {@code entangle synthesize} by default. */
    private static final int MAX_SIZE = 40;
    private static final int CLASSES = 400_000;

    /** Generalises {@code discovered}, the tour's last network at width {@code n}. */
    public static TourGeneralisation of(Network discovered, int n, CancellationToken cancel) {
        List<Integer> verified = IntStream.rangeClosed(1, VERIFIED_UP_TO).boxed().toList();
        Synthesizer.Result synthesis = new Synthesizer(TalkTour.catalogue(SKETCH), discovered,
                new Synthesizer.Options(verified, false, MAX_SIZE, CLASSES)).run(new Synthesizer.Listener() {
                    @Override
                    public boolean isCancelled() {
                        return cancel.isCancelled();
                    }
                });
        cancel.throwIfCancelled();
        Program talks = Program.parse(TalkTour.catalogue("brent-kung.angel"));
        Program program = synthesis.found() ? Program.parse(synthesis.fillings().get(0).program()) : talks;
        String how = synthesis.found()
                ? String.format(Locale.ROOT, "Synthesised from %s with it as the example: a filling of size %d, correct for N = 1..%d; "
                        + "the tour goes on with it.", SKETCH, synthesis.fillings().get(0).size(), VERIFIED_UP_TO)
                : "No filling of " + SKETCH + " from it: " + synthesis.failure() + "; the tour goes on with the talk's Brent–Kung program.";
        Network talkInstance = ProgramInstances.at(talks, n, cancel).withoutEmptySteps();
        Network family = Families.build("brent-kung", n).withoutEmptySteps();
        var m = Metrics.of(discovered);
        String found = String.format(Locale.ROOT, "the angels' last network: %d ops, depth %d, %d steps. %s The talk's Brent–Kung program "
                + "builds %s network at N = %d; Brent and Kung's construction gives %s.", m.size(), m.depth(), discovered.stepCount(), how,
                discovered.equals(talkInstance) ? "this very" : "a DIFFERENT", n, discovered.equals(family) ? "the same" : "a DIFFERENT one");
        return new TourGeneralisation(program, found);
    }
}

package org.entangle.generalize.variants;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.lang.Program;
import org.entangle.lang.Segments;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;

/**
 * Verifies a derived program (the talk's variants, "each derived and then verified") with {@link Verifier} against the
 * specification in its own final assertion; a segmented program's network must also pass
 * {@link SegmentedCheck} at every N (a wrong segmented result is reported as that N's failure).
 */
public final class VariantVerifier {

    /** Random segment descriptors tried per N for a segmented program, besides the fixed ones. */
    public static final int RANDOM_DESCRIPTORS = 4;

    private VariantVerifier() {
    }

    /** @param seed seeds the segmented check's values and descriptors (printed by callers that vary it) */
    public static Verification verify(Program program, List<Integer> ns, long seed, CancellationToken token) {
        Random random = new Random(seed);
        return Verifier.verify(n -> {
            Network network = ProgramInstances.at(program, n, token);
            if (program.segments() != Segments.NONE) {
                SegmentedCheck.check(network, program.segments(), random, RANDOM_DESCRIPTORS).ifPresent(message -> {
                    throw new IllegalArgumentException("not a segmented scan: " + message);
                });
            }
            return network;
        }, ns, null, () -> false);
    }

    /** The N a variant is verified for up to {@code max}: every N from 1, whatever the variant (each keeps its source's range). */
    public static List<Integer> defaultNs(int max) {
        return IntStream.rangeClosed(1, max).boxed().toList();
    }
}

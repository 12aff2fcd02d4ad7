package org.entangle.generalize.variants;

import java.util.ArrayList;
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
 * Verifies a derived program (GUIDE §5, "each derived and then verified") with {@link Verifier} against the
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

    /** The N a variant is verified for up to {@code max}: powers of 3 for radix 3, every N otherwise. */
    public static List<Integer> defaultNs(ProgramVariants.Variant variant, int max) {
        if (variant != ProgramVariants.Variant.RADIX3) return IntStream.rangeClosed(1, max).boxed().toList();
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n <= max; n *= 3) out.add(n);
        return out;
    }
}

package org.entangle.generalize.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.Verification;
import org.entangle.generalize.variants.ProgramVariants.Variant;
import org.entangle.lang.Program;
import org.entangle.lang.Segments;
import org.entangle.network.Direction;
import org.entangle.network.NetworkDiff;
import org.entangle.network.ResultKind;
import org.entangle.network.families.Families;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The derived Brent–Kung variants: the shipped files are what {@code derive} prints, each asserts its own
 * specification, and wrong programs or transformations are reported with their first failing N (the sweep over
 * N = 1..300 is {@link VariantsForEveryNTest}).
 */
class ProgramVariantsTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));
    private static final long SEED = 7L;
    private static final CancellationToken TOKEN = CancellationToken.withTimeout(600);

    private static Program brentKung() throws IOException {
        return Program.parse(Files.readString(NETWORKS.resolve("brent-kung.angel")));
    }

    private static Program shipped(Variant v) throws IOException {
        return Program.parse(Files.readString(NETWORKS.resolve("brent-kung-" + v.token() + ".angel")));
    }

    /** The program text without its first (comment) line. */
    private static String body(String text) {
        return text.substring(text.indexOf('\n') + 1);
    }

    /** The variants shipped in networks/ as brent-kung-TOKEN.angel. */
    private static final List<Variant> SHIPPED = List.of(Variant.BACKWARD, Variant.EXCLUSIVE, Variant.SEGMENTED_FLAGS,
            Variant.SEGMENTED_HEADS, Variant.RADIX3);

    @Test
    void theShippedVariantsAreWhatDeriveWrites() throws IOException {
        for (Variant v : SHIPPED) {
            String shipped = Files.readString(NETWORKS.resolve("brent-kung-" + v.token() + ".angel"));
            assertEquals(body(ProgramVariants.derive(brentKung(), v)), body(shipped), v.token());
        }
    }

    @Test
    void eachVariantAssertsItsOwnSpecification() throws IOException {
        int n = 16;
        assertEquals(Direction.BACKWARD, ProgramInstances.at(shipped(Variant.BACKWARD), n, TOKEN).spec().direction());
        assertEquals(ResultKind.EXCLUSIVE, ProgramInstances.at(shipped(Variant.EXCLUSIVE), n, TOKEN).spec().kind());
        assertEquals(Segments.FLAGS, shipped(Variant.SEGMENTED_FLAGS).segments());
        assertEquals(Segments.HEADS, shipped(Variant.SEGMENTED_HEADS).segments());
        Program backwardExclusive = Program.parse(ProgramVariants.derive(shipped(Variant.BACKWARD), Variant.EXCLUSIVE));
        Verification v = VariantVerifier.verify(backwardExclusive, IntStream.rangeClosed(1, 64).boxed().collect(Collectors.toList()), SEED, TOKEN);
        assertTrue(v.passed(), v.firstFailure().map(Verification.Failure::message).orElse(""));
        assertEquals(ResultKind.EXCLUSIVE, ProgramInstances.at(backwardExclusive, n, TOKEN).spec().kind());
        assertEquals(Direction.BACKWARD, ProgramInstances.at(backwardExclusive, n, TOKEN).spec().direction());
    }

    @Test
    void mirroringTwiceGivesBackTheNetworkAndRadix3MatchesTheFamilyOpCount() throws IOException {
        Program twice = Program.parse(ProgramVariants.derive(shipped(Variant.BACKWARD), Variant.BACKWARD));
        for (int n : List.of(1, 7, 16, 33)) {
            assertTrue(NetworkDiff.of(ProgramInstances.at(twice, n, TOKEN), ProgramInstances.at(brentKung(), n, TOKEN)).identical(), "N = " + n);
        }
        for (int n : List.of(9, 27, 81)) {
            assertEquals(Families.build("brent-kung-radix", n).opCount(), ProgramInstances.at(shipped(Variant.RADIX3), n, TOKEN).opCount(), "N = " + n);
        }
    }

    @Test
    void aProgramWithOneIndexOffIsReportedWithItsFirstFailingN() throws IOException {
        String text = Files.readString(NETWORKS.resolve("brent-kung-backward.angel"));
        String wrong = text.replace("x[N - 1 - i - offset] = x[N - 1 - i - offset] + x[N - 1 - i]",
                "x[N - 1 - i - offset] = x[N - 1 - i - offset] + x[N - 2 - i]");
        assertTrue(!wrong.equals(text), "the mutation applies");
        Verification v = VariantVerifier.verify(Program.parse(wrong), IntStream.rangeClosed(1, 256).boxed().collect(Collectors.toList()), SEED, TOKEN);
        assertEquals(3, v.firstFailure().orElseThrow().n());
        assertEquals(2, v.verifiedUpTo());
        String radixText = Files.readString(NETWORKS.resolve("brent-kung-radix3.angel"));
        String noBoundary = radixText.replace("if ((i + offset + 1) % (3 * offset) == 0)", "if ((i + 1) % (3 * offset) == 0)");
        assertTrue(!noBoundary.equals(radixText), "the mutation applies");
        Verification radix = VariantVerifier.verify(Program.parse(noBoundary), List.of(1, 2, 3), SEED, TOKEN);
        assertEquals(2, radix.firstFailure().orElseThrow().n(), "without the boundary chain radix 3 covers powers of 3 only");
    }

    @Test
    void theSegmentedCheckRejectsANetworkThatIsNotAForwardScan() {
        Random random = new Random(SEED);
        var backward = NetworkVariants.backward(Families.build("brent-kung", 16));
        assertTrue(SegmentedCheck.check(backward, Segments.FLAGS, random, 2).isPresent());
        assertTrue(SegmentedCheck.check(Families.build("sklansky", 16), Segments.HEADS, random, 2).isEmpty());
    }

    @Test
    void variantsThatDoNotApplySayWhy() throws IOException {
        Program noStride = Program.parse("parallel i in 1 .. N - 1 { x[i] = x[i - 1] + x[i] }\nassert scan(x)\n");
        assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(noStride, Variant.RADIX3));
        Program koggeStone = Program.parse(Files.readString(NETWORKS.resolve("kogge-stone.angel")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(koggeStone, Variant.RADIX3))
                .getMessage().contains("period"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(shipped(Variant.SEGMENTED_FLAGS), Variant.BACKWARD))
                .getMessage().contains("unsegmented"));
        Program exclusive = shipped(Variant.EXCLUSIVE);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(exclusive, Variant.EXCLUSIVE))
                .getMessage().contains("inclusive"));
        assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(exclusive, Variant.SEGMENTED_FLAGS));
        assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(shipped(Variant.SEGMENTED_HEADS), Variant.SEGMENTED_FLAGS));
        assertThrows(IllegalArgumentException.class, () -> ProgramVariants.derive(Program.parse("N = 4\n"), Variant.BACKWARD));
    }
}

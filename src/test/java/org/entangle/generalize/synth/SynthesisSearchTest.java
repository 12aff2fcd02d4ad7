package org.entangle.generalize.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.generalize.Verifier;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.network.io.NetworkFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The order and the bounds of the synthesis search: the first filling is the smallest (checked against an
 * independent enumeration of every smaller filling), {@code all} lists fillings by increasing size and stops at
 * its limit, a listener stops the search, and the two-phase Brent–Kung sketch is solved with the default grammar on
 * its index holes.
 */
@Tag("slow")
class SynthesisSearchTest {

    private static final Path NETWORKS = Path.of("networks");
    private static final List<Integer> POWERS = List.of(1, 2, 4, 8, 16, 32, 64);
    /** A small grammar: leaves i, offset, 0, 1 and the operators + and −, at most 3 nodes. */
    private static final String HOLE = "??{vars: i, offset; consts: 0..1; ops: + -; size: 3}";
    private static final List<String> LEAVES = List.of("i", "offset", "0", "1");
    private static final List<String> COMPARISONS = List.of("==", "!=", "<", "<=", ">", ">=");

    /** Kogge–Stone with its four holes in the small grammar. */
    private static String koggeStoneSketch() {
        return "offset = 1\nfor step in 1 .. log2(N) {\n  parallel i in 0 .. N - 1 {\n    if (" + HOLE + ") { x[" + HOLE + "] = x[" + HOLE
                + "] + x[" + HOLE + "] }\n  }\n  offset = offset * 2\n}\nassert scan(x)\n";
    }

    private static String fill(String sketch, List<String> holes) {
        String text = sketch;
        for (String h : holes) {
            int at = text.indexOf(HOLE);
            text = text.substring(0, at) + h + text.substring(at + HOLE.length());
        }
        return text;
    }

    private static boolean reproducesAndVerifies(String text, Network example) {
        Program filled = Program.parse(text);
        try {
            if (!NetworkDiff.of(ProgramRunner.network(filled, example.width()), example).identical()) return false;
        } catch (IllegalStateException e) {
            return false;
        }
        return Verifier.verify(n -> ProgramRunner.network(filled, n), POWERS, null, () -> false).passed();
    }

    @Test
    void theFirstFillingIsTheSmallest() {
        Network example = NetworkFiles.load(NETWORKS.resolve("kogge-stone-8.json"));
        String sketch = koggeStoneSketch();
        Synthesizer.Result result = new Synthesizer(sketch, example, new Synthesizer.Options(POWERS, false, 20, 400_000)).run();
        assertTrue(result.found(), result.failure());
        Synthesizer.Filling first = result.fillings().get(0);
        assertEquals(8, first.size(), first.holes().toString());
        assertTrue(reproducesAndVerifies(first.program(), example), first.program());
        // Every smaller filling: a condition has at least 3 nodes and each index 1 or 3, so below 8 the condition is
        // a comparison of two leaves and every index a leaf. None of them reproduces the example and verifies.
        int smaller = 0;
        for (String a : LEAVES) {
            for (String op : COMPARISONS) {
                for (String b : LEAVES) {
                    for (String d : LEAVES) {
                        for (String l : LEAVES) {
                            for (String r : LEAVES) {
                                String text = fill(sketch, List.of(a + " " + op + " " + b, d, l, r));
                                assertFalse(reproducesAndVerifies(text, example), text);
                                smaller++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(6144, smaller);
    }

    @Test
    void allListsFillingsByIncreasingSizeUpToItsLimit() {
        String index = "??{vars: i, step; ops: + - << / %; size: 7}";
        String sketch = "for step in 1 .. log2(N) {\n  parallel i in 0 .. N - 1 {\n    if (??{vars: i, step; ops: + - << %}) { x[" + index + "] = x["
                + index + "] + x[" + index + "] }\n  }\n}\nassert reduce(x)\n";
        Network example = NetworkFiles.load(NETWORKS.resolve("upsweep-16.json"));
        List<Integer> sizes = new ArrayList<>();
        Synthesizer.Result all = new Synthesizer(sketch, example, new Synthesizer.Options(POWERS, true, 22, 400_000)).run(new Synthesizer.Listener() {
            @Override
            public void progress(Synthesizer.Progress p) {
                sizes.add(p.size());
            }
        });
        assertTrue(all.complete());
        assertEquals(22, all.searchedUpTo());
        assertTrue(all.fillings().size() >= 3, all.fillings().toString());
        Synthesizer.Result smallest = new Synthesizer(sketch, example, new Synthesizer.Options(POWERS, false, 22, 400_000)).run();
        assertEquals(smallest.fillings().get(0).size(), all.fillings().get(0).size());
        for (int k = 1; k < all.fillings().size(); k++) {
            assertTrue(all.fillings().get(k - 1).size() <= all.fillings().get(k).size(), "smallest first");
        }
        for (Synthesizer.Filling f : all.fillings()) {
            assertTrue(f.size() <= 22);
            assertTrue(reproducesAndVerifies(f.program(), example), f.program());
        }
        assertEquals(22, sizes.get(sizes.size() - 1), "progress reaches the bound");
        Synthesizer.Result limited = new Synthesizer(sketch, example, new Synthesizer.Options(POWERS, true, 22, 400_000, 2)).run();
        assertEquals(2, limited.fillings().size());
        assertFalse(limited.complete());
        assertEquals(all.fillings().subList(0, 2), limited.fillings());
    }

    @Test
    void aListenerStopsTheSearch() {
        Network example = NetworkFiles.load(NETWORKS.resolve("kogge-stone-8.json"));
        int[] reached = {-1};
        Synthesizer.Result stopped = new Synthesizer(koggeStoneSketch(), example, new Synthesizer.Options(POWERS, false, 20, 400_000))
                .run(new Synthesizer.Listener() {
                    @Override
                    public void progress(Synthesizer.Progress p) {
                        reached[0] = p.size();
                    }

                    @Override
                    public boolean isCancelled() {
                        return reached[0] >= 8;
                    }
                });
        assertFalse(stopped.found());
        assertFalse(stopped.complete());
        assertEquals(7, stopped.searchedUpTo(), "every filling below 8 was searched before the stop");
        assertTrue(stopped.failure().startsWith("stopped"), stopped.failure());
    }

    @Test
    void theTwoPhaseSketchIsSolvedWithTheDefaultGrammarOnItsIndexHoles() throws IOException {
        String sketch = Files.readString(NETWORKS.resolve("sketch-brent-kung-default.angel"));
        Network example = NetworkFiles.load(NETWORKS.resolve("brent-kung-16.json"));
        List<Integer> powers = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
        Synthesizer.Result result = new Synthesizer(sketch, example, new Synthesizer.Options(powers, false, 40, 400_000)).run();
        assertTrue(result.found(), result.failure());
        Synthesizer.Filling f = result.fillings().get(0);
        assertEquals(32, f.size(), f.holes().toString());
        assertEquals(Map.of(1, "i", 2, "i - offset", 3, "i", 5, "i", 6, "i - offset", 7, "i"),
                Map.of(1, f.holes().get(1), 2, f.holes().get(2), 3, f.holes().get(3), 5, f.holes().get(5), 6, f.holes().get(6), 7, f.holes().get(7)));
        assertTrue(NetworkDiff.of(ProgramRunner.network(Program.parse(f.program()), 16), example).identical(), f.program());
        assertEquals(256, f.verifiedUpTo());
    }
}

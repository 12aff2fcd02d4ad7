package org.entangle.generalize.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.cli.EntangleCli;
import org.entangle.lang.Expr;
import org.entangle.lang.HoleGrammar;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.network.io.NetworkFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

@Tag("slow")
class SynthesizerTest {

    private static final Path NETWORKS = Path.of("networks");
    private static final List<Integer> POWERS = List.of(1, 2, 4, 8, 16, 32, 64);

    @Test
    void holeAnnotationNarrowsTheGrammar() {
        Program p = Program.parse("for step in 1 .. 2 { parallel i in 0 .. N - 1 { if (??{vars: i, step; consts: 0..1; ops: + <<; size: 5}) { x[i] = x[i] + x[i] } } }");
        Expr.Hole hole = Fill.holes(p).get(0);
        assertEquals(new HoleGrammar(List.of("i", "step"), 0, 1, List.of("+", "<<"), 5), hole.grammar());
        Expr.Hole plain = Fill.holes(Program.parse("parallel i in 0 .. N - 1 { x[??] = x[i] + x[i] }")).get(0);
        assertEquals(List.of("i", "N"), plain.grammar().variables());
        assertEquals(HoleGrammar.DEFAULT_OPERATORS, plain.grammar().operators());
    }

    @Test
    void badAnnotationsAreLocatedErrors() {
        LangError empty = assertThrows(LangError.class, () -> Program.parse("parallel i in 0 .. 3 { x[??{vars: ; consts: none}] = x[i] + x[i] }"));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        LangError scope = assertThrows(LangError.class, () -> Program.parse("parallel i in 0 .. 3 { x[??{vars: j}] = x[i] + x[i] }"));
        assertTrue(scope.getMessage().startsWith("1:26:") && scope.getMessage().contains("not in scope"), scope.getMessage());
        assertThrows(LangError.class, () -> Program.parse("parallel i in 0 .. 3 { x[??{ops: ^}] = x[i] + x[i] }"));
    }

    @Test
    void aSketchDoesNotRunAndAMisplacedHoleIsRejected() {
        Program sketch = Program.parse("parallel i in 0 .. N - 1 { if (??) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProgramRunner.network(sketch, 4));
        assertTrue(e.getMessage().contains("hole"), e.getMessage());
        SketchError misplaced = assertThrows(SketchError.class, () -> new Skeleton(Program.parse(
                "for step in 1 .. ?? { parallel i in 0 .. N - 1 { x[i] = x[i] + x[i] } }")));
        assertTrue(misplaced.getMessage().startsWith("1:18:"), misplaced.getMessage());
        assertThrows(SketchError.class, () -> new Skeleton(Program.parse(
                "parallel i in 0 .. N - 1 { x[i + ??] = x[i] + x[i] }")));
    }

    @Test
    void enumerationKeepsOneTermPerObservationalClass() {
        HoleGrammar g = new HoleGrammar(List.of("i", "s"), 0, 2, HoleGrammar.DEFAULT_OPERATORS, 5);
        int[][] envs = {{0, 1}, {3, 1}, {5, 2}, {7, 3}};
        TermEnumerator en = new TermEnumerator(g, envs, 100_000);
        Set<String> seen = new HashSet<>();
        for (int size = 1; size <= 5; size++) {
            for (TermEnumerator.Entry e : en.level(size)) {
                assertEquals(size, e.term().size());
                assertTrue(seen.add(Arrays.toString(e.values())), "two classes with values " + Arrays.toString(e.values()));
            }
        }
        assertEquals(5, en.level(1).size());
        assertTrue(seen.contains(Arrays.toString(new int[] {2, 5, 7, 9})), "i + 2 must be found");
    }

    @Test
    void theTalksSketchIsSolvedFromTheUpSweepExampleAlone() throws IOException {
        String sketch = Files.readString(NETWORKS.resolve("sketch-upsweep.angel"));
        Network example = NetworkFiles.load(NETWORKS.resolve("upsweep-16.json"));
        Synthesizer.Result result = new Synthesizer(sketch, example, new Synthesizer.Options(POWERS, false, 40, 400_000)).run();
        assertTrue(result.found(), result.failure());
        Synthesizer.Filling f = result.fillings().get(0);
        assertFalse(f.program().contains("??"));
        Network ours = ProgramRunner.network(Program.parse(f.program()), 16);
        assertTrue(NetworkDiff.of(ours, example).identical(), f.program());
        assertEquals(64, f.verifiedUpTo());
        for (int n : List.of(128, 256)) {
            assertEquals(n - 1, ProgramRunner.network(Program.parse(f.program()), n).withoutEmptySteps().steps().stream().mapToInt(s -> s.ops().size()).sum());
        }
    }

    @Test
    void theTwoPhaseSketchIsSolvedForTheFullBrentKungExample() throws IOException {
        String sketch = Files.readString(NETWORKS.resolve("sketch-brent-kung.angel"));
        Network example = NetworkFiles.load(NETWORKS.resolve("brent-kung-16.json"));
        List<Integer> powers = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
        Synthesizer.Result result = new Synthesizer(sketch, example, new Synthesizer.Options(powers, false, 40, 400_000)).run();
        assertTrue(result.found(), result.failure());
        Program filled = Program.parse(result.fillings().get(0).program());
        assertTrue(NetworkDiff.of(ProgramRunner.network(filled, 16), example).identical(), result.fillings().get(0).program());
        assertEquals(256, result.fillings().get(0).verifiedUpTo());
    }

    @Test
    void commandExitCodes(@TempDir Path dir) throws IOException {
        Path impossible = dir.resolve("impossible.angel");
        Files.writeString(impossible, "for step in 1 .. log2(N) {\n  parallel i in 0 .. N - 1 {\n"
                + "    if (??) { x[??{vars: i; consts: none; ops: none; size: 1}] = x[??{consts: 0..0; vars: ; size: 1}] + x[i] }\n  }\n}\nassert reduce(x)\n");
        String example = NETWORKS.resolve("upsweep-16.json").toString();
        StringWriter out = new StringWriter();
        assertEquals(1, EntangleCli.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "synthesize", impossible.toString(), "--example", example, "--verify", "2,4"));
        assertTrue(out.toString().contains("no filling of at most"), out.toString());
        Path misplaced = dir.resolve("misplaced.angel");
        Files.writeString(misplaced, "for step in 1 .. ?? { parallel i in 0 .. N - 1 { x[i] = x[i] + x[i] } }\nassert scan(x)\n");
        StringWriter err = new StringWriter();
        assertEquals(2, EntangleCli.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "synthesize", misplaced.toString(), "--example", example));
        assertTrue(err.toString().contains("cannot be filled") && !err.toString().contains("Exception"), err.toString());
        assertEquals(2, EntangleCli.run(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), "synthesize", impossible.toString(), "--example", example, "--verify", "0..3"));
    }
}

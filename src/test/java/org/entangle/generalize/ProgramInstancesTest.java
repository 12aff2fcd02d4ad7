package org.entangle.generalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The single run of a program without angels ({@link ProgramInstances#once}) gives what the oracle gives
 * ({@link ProgramInstances#throughOracle}): the same network (steps, width, spec, model), or the same failure
 * message, or the same language error, for every shipped deterministic program and for broken ones.
 */
class ProgramInstancesTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));
    private static final CancellationToken TOKEN = CancellationToken.withTimeout(600);

    /** N = 1..48, then a few larger ones that are not powers of two and some that are. */
    private static final List<Integer> NS = Stream.concat(IntStream.rangeClosed(1, 48).boxed(), Stream.of(63, 64, 81, 100, 127, 128, 243))
            .collect(Collectors.toList());

    private sealed interface Answer permits Built, Refused, Wrong {
    }

    private record Built(Network network) implements Answer {
    }

    private record Refused(String message) implements Answer {
    }

    private record Wrong(String message) implements Answer {
    }

    private static Answer answer(java.util.function.Supplier<Network> run) {
        try {
            return new Built(run.get());
        } catch (LangError e) {
            return new Wrong(e.getMessage());
        } catch (IllegalArgumentException e) {
            return new Refused(e.getMessage());
        }
    }

    private static void assertAgree(String name, Program program, List<Integer> ns) {
        for (int n : ns) {
            Answer fast = answer(() -> ProgramInstances.once(program, n, TOKEN));
            Answer oracle = answer(() -> ProgramInstances.throughOracle(program, n, TOKEN));
            if (fast instanceof Built f && oracle instanceof Built o) {
                assertEquals(o.network(), f.network(), name + " at N = " + n);
                assertEquals(o.network().spec(), f.network().spec(), name + " at N = " + n);
                assertEquals(o.network().width(), f.network().width(), name + " at N = " + n);
            } else {
                assertEquals(oracle, fast, name + " at N = " + n);
            }
        }
    }

    @Test
    void everyShippedProgramWithoutAngelsRunsOnceToWhatTheOracleFinds() throws IOException {
        List<Path> programs;
        try (Stream<Path> files = Files.list(NETWORKS)) {
            programs = files.filter(p -> p.toString().endsWith(".angel")).sorted().collect(Collectors.toList());
        }
        List<String> checked = new ArrayList<>();
        for (Path file : programs) {
            Program program = Program.parse(Files.readString(file));
            if (program.hasAngels()) continue;
            assertAgree(file.getFileName().toString(), program, NS);
            checked.add(file.getFileName().toString());
        }
        assertTrue(checked.containsAll(List.of("brent-kung.angel", "brent-kung-radix3.angel", "brent-kung-segmented-heads.angel",
                "kogge-stone.angel", "sklansky.angel", "sketch-upsweep.angel")), "checked " + checked);
    }

    @Test
    void brokenProgramsFailAtTheSameNWithTheSameMessageOnBothPaths() {
        List<String> broken = List.of(
                // the down-sweep skips the last lanes: wrong from N = 3
                "offset = 1\nfor step in 1 .. log2(N) {\n  parallel i in 0 .. N - 1 {\n    if ((i + 1) % (2 * offset) == 0) { x[i] = x[i - offset] + x[i] }\n  }\n"
                        + "  offset = offset * 2\n}\nfor step in 1 .. log2(N) {\n  offset = offset / 2\n  parallel i in 0 .. N - 1 {\n"
                        + "    if ((i + 1) % (2 * offset) == 0 && i + offset < N && i < N - 2) { x[i + offset] = x[i] + x[i + offset] }\n  }\n}\nassert scan(x)\n",
                // one Hillis–Steele step: a scan only for N <= 2
                "parallel i in 0 .. N - 1 { if (i > 0) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n",
                // a dead combination ([1, 1] + [1, 2]... ) from N = 3 on
                "parallel i in 0 .. N - 1 { if (i > 0 && i < N - 1) { x[i + 1] = x[i] + x[i + 1] } }\nparallel i in 0 .. N - 1 { if (i > 0) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n",
                // an index out of bounds at N = 2
                "parallel i in 0 .. N - 1 { if (i > 0) { x[i + 1] = x[i] + x[i + 1] } }\nassert scan(x)\n",
                // two lanes write one element
                "parallel i in 0 .. N - 1 { if (i > 0) { x[N - 1] = x[0] + x[N - 1] } }\nassert scan(x)\n",
                // a language error at run time: division by zero once N >= 2
                "k = N / 2 - N / 2\nparallel i in 0 .. N - 1 { if (i > 0 && N > 1) { x[i] = x[i / k] + x[i] } }\nassert scan(x)\n",
                // an assumption that prunes the only execution
                "assume N < 5\nparallel i in 0 .. N - 1 { if (i > 0) { x[i] = x[i - 1] + x[i] } }\nassert reduce(x)\n");
        for (String source : broken) {
            Program program = Program.parse(source);
            assertFalse(program.hasAngels());
            assertAgree(source.lines().reduce((a, b) -> b).orElse(""), program, IntStream.rangeClosed(1, 12).boxed().collect(Collectors.toList()));
        }
    }

    @Test
    void theFirstFailingNKeepsItsBrokenNetworkAndTheCheckersExplanation() {
        Program program = Program.parse("parallel i in 0 .. N - 1 { if (i > 0) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n");
        Verification v = Verifier.verify(program, IntStream.rangeClosed(1, 64).boxed().collect(Collectors.toList()), TOKEN, 2);
        Verification.Failure f = v.firstFailure().orElseThrow();
        assertEquals(3, f.n());
        assertEquals(2, v.verifiedUpTo());
        assertTrue(f.message().startsWith("N = 3: " + ProgramInstances.NO_SAFE_EXECUTION + ": 2:1: "), f.message());
        assertNotNull(f.network(), "the network the program wrote at N = 3");
        assertEquals(List.of("1 ← 0", "2 ← 1"), f.network().steps().get(0).ops().stream().map(op -> op.dst() + " ← " + op.src()).toList());
        assertFalse(f.check().correct());
        assertEquals(2, f.check().failure().wire(), f.check().failure().message());
    }

    @Test
    void aProgramWithAngelsIsStillAskedOfTheOracle() throws IOException {
        Program either = Program.parse("parallel i in 1 .. N - 1 { if (!!) { x[i] = x[i - 1] + x[i] } }\n"
                + "parallel i in 1 .. N - 1 { if (!!) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n");
        assertTrue(either.hasAngels());
        assertEquals(0, ProgramInstances.at(either, 1, TOKEN).opCount(), "N = 1: no lane, so no angel and one execution");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProgramInstances.at(either, 2, TOKEN));
        assertEquals("the program still has angelic choices: more than one safe execution", e.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> ProgramInstances.at(either, 4, TOKEN));
        assertEquals(ProgramInstances.NO_SAFE_EXECUTION, none.getMessage(), "no failure of one execution to name");
    }

    @Test
    void parallelVerificationReportsWhatSequentialVerificationReports() {
        Program program = Program.parse("parallel i in 0 .. N - 1 { if (i > 0 && i != 37) { x[i] = x[i - 1] + x[i] } }\n"
                + "parallel i in 0 .. N - 1 { if (i > 1) { x[i] = x[i - 2] + x[i] } }\n"
                + "parallel i in 0 .. N - 1 { if (i > 3) { x[i] = x[i - 4] + x[i] } }\nassert scan(x)\n");
        List<Integer> ns = IntStream.rangeClosed(1, 80).boxed().collect(Collectors.toList());
        Verification one = Verifier.verify(program, ns, TOKEN, 1);
        for (int threads = 2; threads <= 4; threads++) {
            Verification many = Verifier.verify(program, ns, TOKEN, threads);
            assertEquals(one.rows(), many.rows(), threads + " threads");
            assertEquals(one.firstFailure().map(Verification.Failure::message), many.firstFailure().map(Verification.Failure::message));
        }
        assertEquals(9, one.firstFailure().orElseThrow().n(), "Kogge–Stone to depth 3 is a scan up to N = 8");
    }

    /**
     * Random deterministic programs (fixed seed, printed): lanes that branch on random integer conditions and write
     * random elements, so that the single run's vector blocks meet every case they must decide or leave to the
     * lane-by-lane run (correct scans, dead combinations, indices out of bounds, two lanes writing one element, one
     * lane writing twice, division by zero, ops that are no op) and must still agree with the oracle.
     */
    @Test
    @Tag("slow")
    void randomBlocksRunOnceToWhatTheOracleFinds() {
        long seed = 20261125L;
        System.out.println("ProgramInstancesTest random blocks seed " + seed);
        RandomPrograms random = new RandomPrograms(new java.util.Random(seed));
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        List<Integer> ns = List.of(1, 2, 3, 4, 5, 7, 8, 12, 16);
        for (int p = 0; p < 400; p++) {
            String source = random.program();
            Program program = Program.parse(source);
            assertAgree(source, program, ns);
            for (int n : ns) kinds.merge(answer(() -> ProgramInstances.once(program, n, TOKEN)).getClass().getSimpleName(), 1, Integer::sum);
        }
        System.out.println("ProgramInstancesTest random blocks answers " + kinds);
        for (String kind : List.of("Built", "Refused", "Wrong")) assertTrue(kinds.getOrDefault(kind, 0) >= 20, kind + " in " + kinds);
    }

    /** Programs of up to three {@code parallel} blocks in a loop over offsets, with random conditions, indices and values. */
    private record RandomPrograms(java.util.Random random) {

        String program() {
            StringBuilder b = new StringBuilder("offset = ").append(1 + random.nextInt(2)).append('\n');
            b.append("k = N / 2 - 1\n");
            b.append("for step in 1 .. ").append(random.nextBoolean() ? "log2(N)" : "2").append(" {\n");
            int blocks = 1 + random.nextInt(3);
            for (int k = 0; k < blocks; k++) {
                b.append("  parallel i in ").append(random.nextInt(5) == 0 ? "1 .. N - 2" : "0 .. N - 1").append(" {\n    ").append(statement(2)).append("\n  }\n");
            }
            b.append("  offset = offset * 2\n}\n");
            if (random.nextInt(4) == 0) b.append("assert fanout(x) <= ").append(2 + random.nextInt(3)).append('\n');
            return b.append(random.nextBoolean() ? "assert scan(x)\n" : "assert reduce(x)\n").toString();
        }

        private String statement(int depth) {
            if (depth > 0 && random.nextInt(3) > 0) {
                String s = "if (" + condition(2) + ") { " + statement(depth - 1) + " }";
                if (random.nextInt(3) == 0) s += " else { " + statement(depth - 1) + " }";
                if (random.nextInt(5) == 0) s += " " + statement(0);
                return s;
            }
            String d = index();
            return switch (random.nextInt(6)) {
                case 0 -> "x[" + d + "] = x[" + index() + "]";
                case 1 -> "x[" + d + "] = identity()";
                case 2 -> "x[" + d + "] = x[" + d + "] + x[" + index() + "]";
                default -> "x[" + d + "] = x[" + index() + "] + x[" + d + "]";
            };
        }

        private String condition(int depth) {
            int pick = random.nextInt(depth > 0 ? 6 : 4);
            String[] comparisons = {"==", "!=", "<", "<=", ">", ">="};
            return switch (pick) {
                case 4 -> "(" + condition(depth - 1) + (random.nextBoolean() ? " && " : " || ") + condition(depth - 1) + ")";
                case 5 -> "!(" + condition(depth - 1) + ")";
                default -> integer(2) + " " + comparisons[random.nextInt(comparisons.length)] + " " + integer(1);
            };
        }

        private String index() {
            return switch (random.nextInt(5)) {
                case 0 -> "i";
                case 1 -> "i - offset";
                case 2 -> "i + offset";
                case 3 -> "N - 1 - i";
                default -> integer(2);
            };
        }

        private String integer(int depth) {
            String[] leaves = {"i", "offset", "N", "step", "k", "0", "1", "2", "3"};
            if (depth == 0 || random.nextInt(3) == 0) return leaves[random.nextInt(leaves.length)];
            String[] operators = {"+", "-", "*", "/", "%", "<<", ">>"};
            String e = "(" + integer(depth - 1) + " " + operators[random.nextInt(operators.length)] + " " + integer(depth - 1) + ")";
            return random.nextInt(8) == 0 ? "-" + e : random.nextInt(8) == 0 ? "log2(" + e + ")" : e;
        }
    }
}

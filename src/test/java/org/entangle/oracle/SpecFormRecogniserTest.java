package org.entangle.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.entangle.lang.Program;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.junit.jupiter.api.Test;

/** {@link SpecFormRecogniser}: spec form → program text → spec form is the identity; other programs are refused. */
class SpecFormRecogniserTest {

    private static final long SEED = 20261122;

    @Test
    void everyRandomSpecFormRoundTripsThroughItsProgramText() {
        System.out.println("SpecFormRecogniserTest seed " + SEED);
        Random random = new Random(SEED);
        for (int i = 0; i < 500; i++) {
            SpecForm form = randomForm(random);
            SpecFormRecogniser.Recognition r = SpecFormRecogniser.recognise(form.programText());
            assertNotNull(r.form(), "form " + i + ": " + r.reason() + "\n" + form.programText());
            assertEquals(form.programText(), r.form().programText(), "form " + i);
            assertEquals(form.n(), r.form().n());
            assertEquals(form.steps(), r.form().steps());
            assertEquals(form.budget(), r.form().budget());
            Constraints a = form.constraints();
            Constraints b = r.form().constraints();
            assertEquals(java.util.List.of(a.maxFanout(), a.maxStepFanout(), a.maxOpsPerStep(), a.algebra(), a.kind(), a.direction()),
                    java.util.List.of(b.maxFanout(), b.maxStepFanout(), b.maxOpsPerStep(), b.algebra(), b.kind(), b.direction()));
            assertEquals(a.pins().stream().map(Pin::format).toList(), b.pins().stream().map(Pin::format).toList());
        }
    }

    private static SpecForm randomForm(Random random) {
        int n = 1 + random.nextInt(16);
        ResultKind kind = ResultKind.values()[random.nextInt(ResultKind.values().length)];
        int steps = (kind == ResultKind.EXCLUSIVE ? 1 : 0) + random.nextInt(9);
        Constraints c = Constraints.NONE.withKind(kind)
                .withDirection(Direction.values()[random.nextInt(2)])
                .withAlgebra(Algebra.values()[random.nextInt(Algebra.values().length)]);
        if (random.nextBoolean()) c = c.withMaxFanout(1 + random.nextInt(4));
        if (random.nextBoolean()) c = c.withMaxStepFanout(1 + random.nextInt(4));
        if (random.nextBoolean()) c = c.withMaxOpsPerStep(1 + random.nextInt(n));
        if (steps >= 1 && random.nextInt(4) == 0) {
            int[] lo = new int[n];
            int[] hi = new int[n];
            for (int w = 0; w < n; w++) {
                lo[w] = random.nextInt(w + 1);
                hi[w] = w;
            }
            c = c.withPin(new Pin(1 + random.nextInt(steps), lo, hi));
        }
        return new SpecForm(n, steps, random.nextInt(3 * n), c);
    }

    @Test
    void theTalksProgramIsTheSpecFormItsConstantsEvaluateTo() throws Exception {
        SpecForm form = SpecForm.recognise(Program.parse(Files.readString(Path.of("networks/talk-scan16.angel")))).orElseThrow();
        assertEquals(new SpecForm(16, 8, 32, Constraints.NONE).programText(), form.programText());
        SpecForm scan6 = SpecForm.recognise(Program.parse(Files.readString(Path.of("networks/scan6.angel")))).orElseThrow();
        assertEquals(6, scan6.steps());
        assertEquals(2, scan6.constraints().maxStepFanout());
        assertEquals(4, scan6.constraints().maxOpsPerStep());
        assertEquals(1, scan6.constraints().pins().size());
    }

    @Test
    void aChangeThatAltersTheSemanticsIsNotASpecForm() {
        String text = new SpecForm(8, 6, 16, Constraints.NONE.withMaxFanout(2)).programText();
        String[][] edits = {
            {"x[r - !!(1 .. r)] + x[r]", "x[r] + x[r - !!(1 .. r)]"},
            {"      ops += 1\n", ""},
            {"ops = 0", "ops = 1"},
            {"parallel r in 0 .. N - 1", "parallel r in 1 .. N - 1"},
            {"assert scan(x)", "assert scan(x)\nassert x[0] == range(0, 0)"},
            {"N = 8", "N = 8\nN = 9"},
            {"if (!!)", "if (!!) {\n      assume r > 0\n    }\n    if (!!)"},
            {"for step in 1 .. 6 {", "for step in 1 .. 6 {\n  assume step > 1"},
        };
        for (String[] edit : edits) {
            assertTrue(text.contains(edit[0]), edit[0]);
            SpecFormRecogniser.Recognition r = SpecFormRecogniser.recognise(text.replace(edit[0], edit[1]));
            assertNull(r.form(), "recognised after replacing '" + edit[0] + "'");
            assertNotNull(r.reason());
        }
    }

    @Test
    void theReasonNamesTheFirstLineThatDiffers() {
        String text = new SpecForm(8, 6, 16, Constraints.NONE).programText().replace("ops += 1", "ops += 2");
        assertEquals("line 8 differs from what the spec form writes", SpecFormRecogniser.recognise(text).reason());
        assertEquals("it sets no constant N", SpecFormRecogniser.recognise("x[1] = x[0] + x[1]").reason());
        assertTrue(SpecFormRecogniser.recognise("N = ").reason().startsWith("the program does not parse"));
    }
}

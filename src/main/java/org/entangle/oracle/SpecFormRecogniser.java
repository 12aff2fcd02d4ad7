package org.entangle.oracle;

import java.util.ArrayList;
import java.util.List;
import org.entangle.lang.Expr;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;

/**
 * Reads a program back as a {@link SpecForm} (the inverse of {@link SpecForm#programText()}),
 * so an editor can keep a spec form and program text in sync. The parameters are read off the program's shape
 * (N, the step loop's bound, {@code assert ops <= B}, the per-step assertions and pins, the result assertion, the
 * algebra); the program is recognised only when it is then exactly what {@link SpecForm#programText()} writes for
 * those parameters, up to layout, comments and the spelling of constant expressions ({@link CanonicalProgram}).
 * A recognised program therefore has the spec form's semantics, never merely a similar look.
 */
public final class SpecFormRecogniser {

    /**
     * The outcome: the spec form, or null and why the program is not one.
     *
     * @param form   the spec form the program is, or null
     * @param reason why it is not a spec form (null when it is)
     */
    public record Recognition(SpecForm form, String reason) {
        static Recognition no(String reason) {
            return new Recognition(null, reason);
        }
    }

    private SpecFormRecogniser() {
    }

    /** Recognises the program text; a text that does not parse is not a spec form. */
    public static Recognition recognise(String source) {
        try {
            return recognise(Program.parse(source));
        } catch (LangError e) {
            return Recognition.no("the program does not parse: " + e.getMessage());
        }
    }

    /** Recognises a parsed program. */
    public static Recognition recognise(Program program) {
        Integer n = CanonicalProgram.constant(program, "N");
        if (n == null) return Recognition.no("it sets no constant N");
        Stmt.For loop = (Stmt.For) program.statements().stream().filter(s -> s instanceof Stmt.For).findFirst().orElse(null);
        if (loop == null) return Recognition.no("it has no step loop 'for step in ...'");
        Integer steps = CanonicalProgram.fold(program, loop.hi());
        Integer budget = bound(program, program.statements(), "ops");
        if (steps == null || budget == null) return Recognition.no("it has no constant step count or no 'assert ops <= B'");
        Constraints constraints = constraints(program, loop.body());
        SpecForm form;
        try {
            form = new SpecForm(n, steps, budget, constraints);
        } catch (IllegalArgumentException e) {
            return Recognition.no(e.getMessage());
        }
        List<CanonicalProgram.Entry> actual = CanonicalProgram.of(program);
        List<CanonicalProgram.Entry> expected = CanonicalProgram.of(Program.parse(form.programText()));
        for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
            if (!actual.get(i).text().equals(expected.get(i).text())) {
                return Recognition.no("line " + actual.get(i).line() + " differs from what the spec form writes");
            }
        }
        if (actual.size() != expected.size()) {
            return Recognition.no(actual.size() > expected.size() ? "it has more statements than the spec form writes"
                    : "it lacks statements the spec form writes");
        }
        return new Recognition(form, null);
    }

    private static Constraints constraints(Program program, List<Stmt> body) {
        Constraints c = Constraints.NONE.withAlgebra(program.algebra());
        Integer perStep = bound(program, body, "stepOps");
        if (perStep != null) c = c.withMaxOpsPerStep(perStep);
        Integer fanout = callBound(program, body, "fanout");
        if (fanout != null) c = c.withMaxFanout(fanout);
        Integer stepFanout = callBound(program, body, "stepfanout");
        if (stepFanout != null) c = c.withMaxStepFanout(stepFanout);
        for (Stmt s : body) {
            Pin pin = s instanceof Stmt.If i ? pin(program, i) : null;
            if (pin != null) c = c.withPin(pin);
        }
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.AssertResult r) {
                c = c.withKind(r.spec().kind()).withDirection(r.spec().direction());
            }
        }
        return c;
    }

    /** B of the first {@code assert name <= B} among the statements, folded; null when there is none. */
    private static Integer bound(Program program, List<Stmt> body, String name) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assert a && a.condition() instanceof Expr.Binary b && b.at().type() == TokenType.LESS_EQUAL
                    && b.left() instanceof Expr.Var v && program.slotNames().get(v.slot()).equals(name)) {
                return CanonicalProgram.fold(program, b.right());
            }
        }
        return null;
    }

    /** B of the first {@code assert function(x) <= B}; null when there is none. */
    private static Integer callBound(Program program, List<Stmt> body, String function) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assert a && a.condition() instanceof Expr.Binary b && b.at().type() == TokenType.LESS_EQUAL
                    && b.left() instanceof Expr.Call call && call.at().text().equals(function)) {
                return CanonicalProgram.fold(program, b.right());
            }
        }
        return null;
    }

    /** The pin of {@code if (step == K) { assert x[i] == range(lo, hi) ... }}, or null when the if is not one. */
    private static Pin pin(Program program, Stmt.If pinned) {
        if (!(pinned.condition() instanceof Expr.Binary b) || b.at().type() != TokenType.EQUAL_EQUAL) return null;
        Integer step = CanonicalProgram.fold(program, b.right());
        List<int[]> ranges = new ArrayList<>();
        for (Stmt s : pinned.then()) {
            if (!(s instanceof Stmt.Assert a && a.condition() instanceof Expr.Binary eq && eq.right() instanceof Expr.Call range
                    && range.at().text().equals("range") && range.args().size() == 2)) {
                return null;
            }
            Integer lo = CanonicalProgram.fold(program, range.args().get(0));
            Integer hi = CanonicalProgram.fold(program, range.args().get(1));
            if (lo == null || hi == null) return null;
            ranges.add(new int[] {lo, hi});
        }
        if (step == null || ranges.isEmpty()) return null;
        int[] lo = ranges.stream().mapToInt(r -> r[0]).toArray();
        int[] hi = ranges.stream().mapToInt(r -> r[1]).toArray();
        return new Pin(step, lo, hi);
    }
}

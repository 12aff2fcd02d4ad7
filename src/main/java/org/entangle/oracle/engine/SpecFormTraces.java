package org.entangle.oracle.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.entangle.lang.AngelChoice;
import org.entangle.lang.AngelSite;
import org.entangle.lang.Expr;
import org.entangle.lang.Program;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.entangle.oracle.space.SpaceTrace;

/**
 * Turns a spec-form engine's trace back into the {@link Trace} the interpreter records for the same execution of
 * the spec form's program: in each step, lane by lane, the value of the lane's {@code !!} and, when it combines,
 * of its offset angel {@code !!(1 .. r)}, named by the step and lane (the angels of the talk's program).
 */
public final class SpecFormTraces {

    private final AngelSite fires;
    private final AngelSite offset;
    private final int firstStep;

    private SpecFormTraces(AngelSite fires, AngelSite offset, int firstStep) {
        this.fires = fires;
        this.offset = offset;
        this.firstStep = firstStep;
    }

    /** The converter for {@code program}, which must be the program text of {@code form}. */
    public static SpecFormTraces of(Program program, SpecForm form) {
        List<AngelSite> sites = new ArrayList<>();
        for (Object statement : program.statements()) collect(statement, sites);
        AngelSite fires = sites.stream().filter(AngelSite::bool).findFirst().orElseThrow();
        AngelSite offset = sites.stream().filter(s -> !s.bool()).findFirst().orElseThrow();
        int first = form.constraints().kind() == org.entangle.network.ResultKind.EXCLUSIVE ? 2 : 1;
        return new SpecFormTraces(fires, offset, first);
    }

    /** The interpreter's trace of {@code trace}. */
    public Trace trace(SpaceTrace trace) {
        List<AngelChoice> choices = new ArrayList<>();
        for (int s = 0; s < trace.source().length; s++) {
            for (int lane = 0; lane < trace.width(); lane++) {
                int[] loops = {firstStep + s, lane};
                boolean combines = trace.fires(s, lane);
                choices.add(new AngelChoice(fires, loops, combines ? 1 : 0));
                if (combines) choices.add(new AngelChoice(offset, loops, trace.offset(s, lane)));
            }
        }
        return new Trace(List.copyOf(choices), trace.network().withoutEmptySteps().withProvenance("angelic program trace"));
    }

    /** Collects the angel sites of a statement or expression tree in source order. */
    private static void collect(Object node, List<AngelSite> sites) {
        if (node instanceof Expr.AngelBool b) sites.add(b.site());
        if (node instanceof Expr.AngelInt i) sites.add(i.site());
        if (node instanceof List<?> list) {
            for (Object o : list) collect(o, sites);
        } else if (node instanceof Record r && (node instanceof Expr || node instanceof org.entangle.lang.Stmt)) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    collect(c.getAccessor().invoke(r), sites);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass().getSimpleName(), e);
                }
            }
        }
    }
}

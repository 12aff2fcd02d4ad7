package org.entangle.lang;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.entangle.network.Algebra;
import org.entangle.network.ScanSpec;

/**
 * A parsed angelic program: its statements, the names of its scalar slots, and its declarations.
 *
 * @param source      the program text
 * @param statements  the top-level statements
 * @param slotNames   every scalar name (and hidden loop bound) by slot
 * @param algebra     the declared algebra of {@code +} on x elements (associative unless declared)
 * @param usesFanout  whether the program reads {@code fanout(x)}, so executions must track fan-out
 * @param usesStepFanout whether the program reads {@code stepfanout(x)}, the fan-out within the last step
 * @param hasAngels   whether the program asks an angel ({@code !!} anywhere); without one it has one execution per N
 * @param firstUse    the first read of every scalar name
 * @param defined     the first definition (assignment or loop) of every scalar name
 * @param segments    the segment descriptor of a segmented scan ({@code segments flags | heads}), or NONE
 */
public record Program(String source, List<Stmt> statements, List<String> slotNames, Algebra algebra,
                      boolean usesFanout, boolean usesStepFanout, boolean hasAngels, Map<String, Token> firstUse, Map<String, Token> defined,
                      Segments segments) {

    /** Parses {@code source}; see {@link Parser#parse(String)}. */
    public static Program parse(String source) {
        return Parser.parse(source);
    }

    /** Throws {@link LangError} at the first read of a name that is neither defined nor among {@code parameters}. */
    public void checkNames(Set<String> parameters) {
        for (Map.Entry<String, Token> use : firstUse.entrySet()) {
            if (!defined.containsKey(use.getKey()) && !parameters.contains(use.getKey())) {
                throw new LangError(use.getValue(), "unknown name '" + use.getKey() + "'"
                        + (use.getKey().equals("N") ? " (declare N = ... or pass it as a parameter)" : ""));
            }
        }
    }

    /** Whether executions must track which ops read which values. */
    public boolean tracksReads() {
        return usesFanout || usesStepFanout;
    }

    /** The result the program's last {@code assert scan/reduce} requires (forward inclusive if none), in its algebra. */
    public ScanSpec resultSpec() {
        ScanSpec spec = ScanSpec.INCLUSIVE;
        for (Stmt s : statements) spec = lastResult(s, spec);
        return spec.withAlgebra(algebra);
    }

    private static ScanSpec lastResult(Stmt s, ScanSpec found) {
        if (s instanceof Stmt.AssertResult r) return r.spec();
        if (s instanceof Stmt.For f) return lastResult(f.body(), found);
        if (s instanceof Stmt.If i) return lastResult(i.otherwise(), lastResult(i.then(), found));
        return found;
    }

    private static ScanSpec lastResult(List<Stmt> list, ScanSpec found) {
        for (Stmt s : list) found = lastResult(s, found);
        return found;
    }

    /** The slot of {@code name}, or −1 when the program never mentions it. */
    public int slotOf(String name) {
        return slotNames.indexOf(name);
    }
}

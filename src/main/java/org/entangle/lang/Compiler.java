package org.entangle.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Flattens a program's top level into {@link Instruction}s. Top-level assignments to a name given as a
 * parameter (such as {@code N = 16} when N comes from outside) are left out, so the parameter wins.
 */
final class Compiler {

    private final List<Instruction> code = new ArrayList<>();
    private final Set<Integer> parameterSlots;

    private Compiler(Set<Integer> parameterSlots) {
        this.parameterSlots = parameterSlots;
    }

    static List<Instruction> compile(Program program, Set<Integer> parameterSlots) {
        Compiler c = new Compiler(parameterSlots);
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.Assign a && a.index() == null && parameterSlots.contains(a.slot())) continue;
            c.statement(s);
        }
        return List.copyOf(c.code);
    }

    private void statement(Stmt s) {
        if (s instanceof Stmt.For f) {
            int start = emit(null);
            for (Stmt b : f.body()) statement(b);
            code.add(new Instruction.LoopNext(f, start + 1));
            code.set(start, new Instruction.LoopStart(f, code.size()));
        } else if (s instanceof Stmt.If i) {
            int branch = emit(null);
            for (Stmt b : i.then()) statement(b);
            if (i.otherwise().isEmpty()) {
                code.set(branch, new Instruction.Branch(i, code.size()));
            } else {
                int jump = emit(null);
                code.set(branch, new Instruction.Branch(i, code.size()));
                for (Stmt b : i.otherwise()) statement(b);
                code.set(jump, new Instruction.Jump(code.size()));
            }
        } else if (s instanceof Stmt.Parallel p) {
            code.add(new Instruction.Block(p));
        } else {
            code.add(new Instruction.Simple(s));
        }
    }

    private int emit(Instruction i) {
        code.add(i);
        return code.size() - 1;
    }
}

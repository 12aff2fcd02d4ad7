package org.entangle.cuda;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * A deterministic angelic program (resources/docs/language.md) recast as the structure of a block-level kernel
 * that serves every N: the program's {@code for} loops, {@code if}s and scalar assignments stay as they are
 * (scalars are uniform: every thread computes the same values), each {@code parallel} block becomes a
 * {@link Parallel} step whose lanes the threads take in turn (thread t handles lanes lo + t, lo + t + blockDim, ...), and
 * each assignment to an element is a {@link Write}: read into registers, barrier, write. Made by
 * {@link ProgramTranslator}, written as CUDA by {@link ProgramKernelGenerator}, and replayed on the CPU by
 * {@link #networkAt}: the ops the kernel performs at a given N, step by step, from the same tree.
 *
 * @param statements the kernel's statements
 * @param scalars    C names of the scalars the program assigns outside loop headers (declared once, uniform)
 * @param slots      number of scalar slots of the program (the size of an evaluation environment)
 * @param nSlot      the slot of N (−1 when the program never names it)
 * @param spec       the result the program asserts (forward inclusive or exclusive)
 */
public record ProgramPlan(List<Stmt> statements, List<String> scalars, int slots, int nSlot, ScanSpec spec) {

    /** Threads of a block at most. */
    public static final int MAX_THREADS = 1024;

    /** An element value a lane computes: one network op's right-hand side. */
    sealed interface Value {
        String c();

        /** The op that writing this value to {@code dst} performs (null for {@code x[i] = x[i]}). */
        Op op(int dst, int[] env, int n);
    }

    /** {@code x[index]} (a copy). */
    record Read(PlanExpr index) implements Value {
        public String c() {
            return "x[" + index.c() + "]";
        }

        public Op op(int dst, int[] env, int n) {
            int src = element(index, env, n);
            return src == dst ? null : Op.copy(dst, src);
        }
    }

    /** {@code x[left] + x[right]}, combined in source order; one operand must be the written element. */
    record Combine(PlanExpr left, PlanExpr right) implements Value {
        public String c() {
            return "combine(x[" + left.c() + "], x[" + right.c() + "])";
        }

        public Op op(int dst, int[] env, int n) {
            int a = element(left, env, n);
            int b = element(right, env, n);
            int other = a == dst ? b : b == dst ? a : -1;
            if (other < 0 || other == dst) {
                throw new IllegalStateException("x[" + dst + "] = x[" + a + "] + x[" + b + "] is not one op");
            }
            return Op.combine(dst, other);
        }
    }

    /** {@code identity()}. */
    record Identity() implements Value {
        public String c() {
            return "identity()";
        }

        public Op op(int dst, int[] env, int n) {
            return Op.identity(dst);
        }
    }

    /** A statement of the kernel outside the lanes (uniform control flow). */
    sealed interface Stmt {
        /** The program line it comes from (for comments). */
        int line();
    }

    /** {@code name = value} or {@code name += value}. */
    record SetScalar(PlanExpr.Scalar target, boolean adds, PlanExpr value, int line) implements Stmt {
    }

    /** {@code for v in lo .. hi}: the bound is evaluated once, as in the interpreter. */
    record Loop(PlanExpr.Scalar variable, PlanExpr lo, PlanExpr hi, List<Stmt> body, int line) implements Stmt {
    }

    /** {@code if (condition) ... else ...} on scalars. */
    record Branch(PlanExpr condition, List<Stmt> then, List<Stmt> otherwise, int line) implements Stmt {
    }

    /**
     * {@code parallel lane in lo .. hi}: one network step.
     *
     * @param writes the number of element assignments in the body (each holds a register per lane handled)
     * @param id     the step's number in the kernel (names its registers)
     */
    record Parallel(PlanExpr.Scalar lane, PlanExpr lo, PlanExpr hi, List<LaneStmt> body, int writes, int id, int line) implements Stmt {
    }

    /** An element assignment outside any {@code parallel}: one step of one op, done by thread 0. */
    record SerialWrite(PlanExpr dst, Value value, int line) implements Stmt {
    }

    /** A statement inside a {@code parallel} block. */
    sealed interface LaneStmt {
    }

    /** {@code if} inside a lane. */
    record LaneBranch(PlanExpr condition, List<LaneStmt> then, List<LaneStmt> otherwise) implements LaneStmt {
    }

    /** {@code x[dst] = value} inside a lane; {@code id} numbers the step's writes. */
    record Write(int id, PlanExpr dst, Value value) implements LaneStmt {
    }

    /** Threads per block at N: one per element up to {@link #MAX_THREADS}, a whole number of warps. */
    public static int threadsFor(int n) {
        return Math.min(MAX_THREADS, Math.max(32, (n + 31) / 32 * 32));
    }

    /** The largest N whose values fit the shared memory a block may use without opting in (48 KB). */
    public static int maxN(int valueBytes) {
        return CudaGenerator.STATIC_SHARED_LIMIT / valueBytes;
    }

    /**
     * The network the kernel performs at {@code n}: every step's ops as the threads would write them, with
     * {@code maxN / MAX_THREADS} lanes per thread at most (the kernel's register arrays).
     *
     * @throws IllegalStateException where the kernel would go wrong: an index outside 0..n−1, two writes to one
     *                               element in a step, a step with more lanes than the threads hold, log2 of 0
     */
    public Network networkAt(int n, int maxN) {
        if (n < 1 || n > maxN) throw new IllegalArgumentException("N = " + n + " is outside 1.." + maxN);
        int[] env = new int[slots];
        if (nSlot >= 0) env[nSlot] = n;
        List<Step> steps = new ArrayList<>();
        run(statements, env, n, maxN / MAX_THREADS, steps);
        return Network.of(n, steps).withoutEmptySteps().withSpec(spec);
    }

    private void run(List<Stmt> list, int[] env, int n, int items, List<Step> steps) {
        for (Stmt s : list) {
            if (s instanceof SetScalar a) {
                int v = a.value().eval(env);
                env[a.target().slot()] = a.adds() ? env[a.target().slot()] + v : v;
            } else if (s instanceof Loop l) {
                int lo = l.lo().eval(env);
                int hi = l.hi().eval(env);
                for (int v = lo; v <= hi; v++) {
                    env[l.variable().slot()] = v;
                    run(l.body(), env, n, items, steps);
                }
            } else if (s instanceof Branch b) {
                run(b.condition().eval(env) != 0 ? b.then() : b.otherwise(), env, n, items, steps);
            } else if (s instanceof Parallel p) {
                steps.add(step(p, env, n, items));
            } else if (s instanceof SerialWrite w) {
                Op op = w.value().op(element(w.dst(), env, n), env, n);
                steps.add(op == null ? Step.EMPTY : Step.of(op));
            }
        }
    }

    private static Step step(Parallel p, int[] env, int n, int items) {
        int first = p.lo().eval(env);
        int last = p.hi().eval(env);
        int threads = threadsFor(n);
        if ((long) last - first + 1 > (long) items * threads) {
            throw new IllegalStateException("line " + p.line() + ": " + (last - first + 1) + " lanes exceed the "
                    + items * threads + " the kernel's threads hold at N = " + n);
        }
        List<Op> ops = new ArrayList<>();
        Set<Integer> written = new HashSet<>();
        for (int item = 0; item < items; item++) {
            for (int t = 0; t < threads; t++) {
                int lane = first + t + item * threads;
                if (lane > last) continue;
                env[p.lane().slot()] = lane;
                lane(p.body(), env, n, ops, written, p.line());
            }
        }
        ops.sort(Comparator.naturalOrder());
        return new Step(ops);
    }

    private static void lane(List<LaneStmt> body, int[] env, int n, List<Op> ops, Set<Integer> written, int line) {
        for (LaneStmt s : body) {
            if (s instanceof LaneBranch b) {
                lane(b.condition().eval(env) != 0 ? b.then() : b.otherwise(), env, n, ops, written, line);
            } else if (s instanceof Write w) {
                int dst = element(w.dst(), env, n);
                if (!written.add(dst)) throw new IllegalStateException("line " + line + ": x[" + dst + "] is written twice in one step");
                Op op = w.value().op(dst, env, n);
                if (op != null) ops.add(op);
            }
        }
    }

    private static int element(PlanExpr index, int[] env, int n) {
        int i = index.eval(env);
        if (i < 0 || i >= n) throw new IllegalStateException("index " + i + " (" + index.c() + ") is outside 0.." + (n - 1));
        return i;
    }
}

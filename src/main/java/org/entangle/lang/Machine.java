package org.entangle.lang;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.ValueAlgebra;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.check.SymbolicValue;

/**
 * The interpreter of angelic programs as a state machine (resources/docs/language.md, "Semantics"): from a
 * {@link MachineState} it produces every {@link Transition} of the next instruction, one per sequence of angel
 * values that does not fail. A {@code parallel} block is one instruction: each lane's outcomes are enumerated
 * separately from the pre-block state (lanes are independent given it) and then combined, writes landing
 * together; two lanes writing one element fail, {@code s += e} sums over lanes, and a plain assignment to one
 * scalar from two lanes is an error. The oracle walks this machine: it is the single definition of what a
 * program means.
 */
public final class Machine {

    private final Program program;
    private final List<Instruction> code;
    private final ValueAlgebra<SymbolicValue> values;
    private final int nSlot;
    private final String[] lines;
    private final Map<String, Integer> parameters;
    private final int accumulator;
    private final FailureLog failures = new FailureLog();
    private SymbolicValue.Range[][] ranges = new SymbolicValue.Range[0][];
    private final Map<Stmt.Parallel, Map<Integer, LaneCache<LaneRunner.LaneResult>>> laneCaches = new IdentityHashMap<>();
    private final boolean memoiseLanes;
    /** Runs blocks as vectors; only a machine that runs each state once has one. */
    private final VectorBlock vectorBlock;
    private final RunLimits limits;

    private Machine(Program program, Map<String, Integer> parameters, boolean memoiseLanes, RunLimits limits) {
        this.program = program;
        this.limits = limits;
        this.memoiseLanes = memoiseLanes;
        this.vectorBlock = memoiseLanes ? null : new VectorBlock(this);
        this.parameters = Map.copyOf(parameters);
        program.checkNames(parameters.keySet());
        Set<Integer> parameterSlots = new HashSet<>();
        for (String name : parameters.keySet()) {
            int slot = program.slotOf(name);
            if (slot >= 0) parameterSlots.add(slot);
        }
        this.code = Compiler.compile(program, parameterSlots);
        this.accumulator = Accumulators.find(program, parameterSlots);
        this.values = RangeChecker.algebraFor(program.algebra());
        this.nSlot = program.slotOf("N");
        this.lines = program.source().split("\n", -1);
        LimitCheck.check(program, parameters, limits);
    }

    /**
     * A machine for {@code program} with the given parameters (e.g. N) overriding its own top-level values, within
     * {@link RunLimits#current()}; a program that passes a limit before it runs is a {@link LangError} here.
     */
    public static Machine of(Program program, Map<String, Integer> parameters) {
        return of(program, parameters, RunLimits.current());
    }

    /** A machine as {@link #of(Program, Map)}, within {@code limits}. */
    public static Machine of(Program program, Map<String, Integer> parameters, RunLimits limits) {
        return new Machine(program, parameters, true, limits);
    }

    /**
     * A machine that runs each state once: the same transitions as {@link #of}, but lane outcomes are not
     * memoised (a walk that never revisits a block, such as one run of a program without angels, only pays for
     * the memo).
     */
    public static Machine once(Program program, Map<String, Integer> parameters) {
        return once(program, parameters, RunLimits.current());
    }

    /** A machine as {@link #once(Program, Map)}, within {@code limits}. */
    public static Machine once(Program program, Map<String, Integer> parameters, RunLimits limits) {
        return new Machine(program, parameters, false, limits);
    }

    /** The limits this machine runs within. */
    public RunLimits limits() {
        return limits;
    }

    public Program program() {
        return program;
    }

    public Algebra algebra() {
        return program.algebra();
    }

    /** The state before the first instruction: only the parameters are set. */
    public MachineState initial() {
        int[] slots = new int[program.slotNames().size()];
        Arrays.fill(slots, MachineState.UNDEFINED);
        for (Map.Entry<String, Integer> p : parameters.entrySet()) {
            int slot = program.slotOf(p.getKey());
            if (slot >= 0) slots[slot] = p.getValue();
        }
        return new MachineState(0, slots, null, null, 0, 0, 0);
    }

    /** Whether the program has finished in {@code state} (a safe end). */
    public boolean isFinal(MachineState state) {
        return state.pc == code.size();
    }

    /** An assertion {@code assert acc <= e} about to run: the largest value of the accumulator that passes, and the state after it. */
    public record BoundCheck(int bound, MachineState next) {
    }

    /** The slot of the program's accumulator (see {@link Accumulators}), or −1 when it has none. */
    public int accumulator() {
        return accumulator;
    }

    /** The accumulator's value in {@code state} ({@link MachineState#UNDEFINED} before its first assignment). */
    public int accumulatorValue(MachineState state) {
        return state.slots[accumulator];
    }

    /** {@code state} with the accumulator set to {@code value} (left undefined when it is undefined). */
    public MachineState withAccumulator(MachineState state, int value) {
        if (state.slots[accumulator] == MachineState.UNDEFINED || state.slots[accumulator] == value) return state;
        int[] slots = state.slots.clone();
        slots[accumulator] = value;
        return new MachineState(state.pc, slots, state.x, state.reads, state.maxFanout, state.stepFanout, state.executed);
    }

    /** The bound check on the accumulator that {@code state} is about to run, or null. */
    public BoundCheck boundCheckAt(MachineState state) {
        if (state.pc >= code.size() || !(code.get(state.pc) instanceof Instruction.Simple s)) return null;
        Expr.Binary check = Accumulators.boundCheck(s.stmt(), accumulator);
        if (check == null || state.slots[accumulator] == MachineState.UNDEFINED) return null;
        SymbolicValue[] x = elementsOf(state);
        Replay replay = new Replay();
        replay.reset();
        int limit = new Execution(this, replay, state.slots.clone(), x, state).integer(check.right());
        int bound = check.at().type() == TokenType.LESS ? limit - 1 : limit;
        return new BoundCheck(bound, next(state.pc + 1, state.slots.clone(), x, state, null));
    }

    /** Whether {@code state} is about to set the accumulator to a literal (a reset). */
    public boolean resetsAccumulator(MachineState state) {
        return state.pc < code.size() && code.get(state.pc) instanceof Instruction.Simple s
                && s.stmt() instanceof Stmt.Assign a && a.index() == null && a.slot() == accumulator && !a.adds();
    }

    /** Whether {@code state} is about to run an {@code assert scan(x)} or {@code assert reduce(x)}. */
    public boolean atResultAssertion(MachineState state) {
        return state.pc < code.size() && code.get(state.pc) instanceof Instruction.Simple s && s.stmt() instanceof Stmt.AssertResult;
    }

    /** The parallel block that {@code state} is about to run, or null. */
    Stmt.Parallel blockAt(MachineState state) {
        return state.pc < code.size() && code.get(state.pc) instanceof Instruction.Block b ? b.parallel() : null;
    }

    /** Whether the next instruction of {@code state} is a parallel block (where counting memoises). */
    public boolean atBlock(MachineState state) {
        return state.pc < code.size() && code.get(state.pc) instanceof Instruction.Block;
    }

    /**
     * Hands every transition from {@code state} to {@code sink}; with {@code withChoices} false the transitions
     * carry no angel values (counting needs only the next states).
     */
    public void successors(MachineState state, boolean withChoices, Consumer<Transition> sink) {
        SymbolicValue[] x = elementsOf(state);
        Instruction instruction = code.get(state.pc);
        if (instruction instanceof Instruction.Block block) {
            new BlockCombiner(this, state, x, block.parallel(), withChoices, sink).run();
            return;
        }
        Replay replay = new Replay();
        replay.reset();
        do {
            Execution e = new Execution(this, replay, state.slots.clone(), x, state);
            try {
                int pc = step(e, instruction, state.pc);
                List<Op> ops = e.topOps.isEmpty() ? null : List.copyOf(e.topOps);
                sink.accept(new Transition(withChoices ? replay.choices() : List.of(), ops, next(pc, e.slots, e.x, state, ops)));
            } catch (ExecutionFailure f) {
                recordFailure(f);
            }
        } while (replay.next());
    }

    /** The x of {@code state}, created from N when the state has none yet but N is set. */
    SymbolicValue[] elementsOf(MachineState state) {
        SymbolicValue[] x = state.x;
        if (x == null && nSlot >= 0 && state.slots[nSlot] != MachineState.UNDEFINED) x = inputs(state.slots[nSlot]);
        return x;
    }

    private int step(Execution e, Instruction instruction, int pc) {
        if (instruction instanceof Instruction.Simple s) {
            e.execute(s.stmt());
        } else if (instruction instanceof Instruction.Branch b) {
            return e.condition(b.stmt().condition()) ? pc + 1 : b.elseTarget();
        } else if (instruction instanceof Instruction.Jump j) {
            return j.target();
        } else if (instruction instanceof Instruction.LoopStart l) {
            int lo = e.integer(l.loop().lo());
            int hi = e.integer(l.loop().hi());
            if (lo > hi) return l.exit();
            limits.checkTrips(l.loop().at(), (long) hi - lo + 1, "loop");
            e.slots[l.loop().slot()] = lo;
            e.slots[l.loop().endSlot()] = hi;
        } else if (instruction instanceof Instruction.LoopNext l) {
            int v = e.slots[l.loop().slot()];
            if (v < e.slots[l.loop().endSlot()]) {
                e.slots[l.loop().slot()] = v + 1;
                return l.bodyStart();
            }
            e.slots[l.loop().slot()] = MachineState.UNDEFINED;
            e.slots[l.loop().endSlot()] = MachineState.UNDEFINED;
        }
        return pc + 1;
    }

    /**
     * The state after an instruction that added {@code ops} (or null) as one step. Jumps and loop ends, which
     * ask no angel, are taken at once, so every state rests on an instruction that does something; {@code slots}
     * must be a fresh array.
     */
    MachineState next(int pc, int[] slots, SymbolicValue[] x, MachineState before, List<Op> ops) {
        if (before.executed >= limits.maxSteps()) limits.checkSteps(at(before.pc), before.executed + 1);
        long[] executed = {before.executed + 1};
        pc = skipControl(pc, slots, executed);
        if (!program.tracksReads() || ops == null) return new MachineState(pc, slots, x, before.reads, before.maxFanout, before.stepFanout, executed[0]);
        int[] reads = before.reads == null ? new int[x.length] : before.reads.clone();
        int[] inStep = new int[x.length];
        int max = before.maxFanout;
        int stepMax = 0;
        for (Op op : ops) {
            if (op.kind() == OpKind.COMBINE) {
                max = Math.max(max, Math.max(++reads[op.src()], ++reads[op.dst()]));
                stepMax = Math.max(stepMax, Math.max(++inStep[op.src()], ++inStep[op.dst()]));
            }
        }
        for (Op op : ops) reads[op.dst()] = 0;
        if (!program.usesFanout()) return new MachineState(pc, slots, x, null, 0, stepMax, executed[0]);
        return new MachineState(pc, slots, x, reads, max, program.usesStepFanout() ? stepMax : 0, executed[0]);
    }

    /** The statement of the instruction at {@code pc}, where limit errors point. */
    private Token at(int pc) {
        Instruction i = code.get(pc);
        if (i instanceof Instruction.Simple s) return s.stmt().at();
        if (i instanceof Instruction.Branch b) return b.stmt().at();
        if (i instanceof Instruction.LoopStart l) return l.loop().at();
        if (i instanceof Instruction.LoopNext l) return l.loop().at();
        if (i instanceof Instruction.Block b) return b.parallel().at();
        return at(pc - 1);
    }

    /**
     * The first instruction from {@code pc} that is not a jump or a loop end, taking them; each counts as an
     * instruction run in {@code executed[0]}, checked against the step limit.
     */
    private int skipControl(int pc, int[] slots, long[] executed) {
        while (pc < code.size()) {
            Instruction i = code.get(pc);
            if (!(i instanceof Instruction.Jump) && !(i instanceof Instruction.LoopNext)) return pc;
            if (++executed[0] > limits.maxSteps()) limits.checkSteps(at(pc), executed[0]);
            if (i instanceof Instruction.Jump j) {
                pc = j.target();
            } else if (i instanceof Instruction.LoopNext l) {
                int v = slots[l.loop().slot()];
                if (v < slots[l.loop().endSlot()]) {
                    slots[l.loop().slot()] = v + 1;
                    pc = l.bodyStart();
                } else {
                    slots[l.loop().slot()] = MachineState.UNDEFINED;
                    slots[l.loop().endSlot()] = MachineState.UNDEFINED;
                    pc++;
                }
            }
        }
        return pc;
    }

    /** Whether lane outcomes are memoised ({@link #of}) or recomputed ({@link #once}). */
    boolean memoisesLanes() {
        return memoiseLanes;
    }

    /** The vector runner of blocks, or null for a machine that memoises lanes (its blocks run lane by lane). */
    VectorBlock vectorBlock() {
        return vectorBlock;
    }

    /** The outcome cache of one lane of one block. */
    LaneCache<LaneRunner.LaneResult> laneCache(Stmt.Parallel block, int lane) {
        return laneCaches.computeIfAbsent(block, b -> new HashMap<>()).computeIfAbsent(lane, l -> new LaneCache<>());
    }

    /** {@code a + b} on x elements: the algebra's operator; a dead result fails the execution at once. */
    XValue plus(Token at, XValue a, XValue b) {
        SymbolicValue v = sum(at, a.value(), b.value());
        boolean elements = a.isElement() && b.isElement();
        return new XValue(v, elements ? a.left() : XValue.COMPOUND, elements ? b.left() : XValue.NONE);
    }

    /** {@code l + r} in the program's algebra; an {@link ExecutionFailure} at {@code at} when it is dead. */
    SymbolicValue sum(Token at, SymbolicValue l, SymbolicValue r) {
        if (l instanceof SymbolicValue.Range lr && r instanceof SymbolicValue.Range rr) {
            if (lr.hi() + 1 != rr.lo()) throw deadCombination(at, l, r);
            return range(lr.lo(), rr.hi());
        }
        SymbolicValue v = values.combine(l, r);
        if (v.isDead()) throw deadCombination(at, l, r);
        return v;
    }

    private static ExecutionFailure deadCombination(Token at, SymbolicValue l, SymbolicValue r) {
        return new ExecutionFailure(at, () -> l.describe() + " + " + r.describe() + " is dead (no correct scan contains it)");
    }

    /** Ranges ending below this are interned by a memoising machine; the table grows with the square of the end. */
    private static final int INTERNED = 4096;

    /**
     * The symbolic constant {@code range(lo, hi)} in the program's algebra. A memoising machine interns ranges
     * that end below {@value #INTERNED} (one instance per range), so the equality tests of the memo tables mostly
     * succeed on identity; a machine that runs once has no memo tables and skips the table, which grows with N².
     */
    SymbolicValue range(int lo, int hi) {
        if (lo > hi) return SymbolicValue.EMPTY;
        if (program.algebra() == Algebra.ASSOCIATIVE && lo >= 0 && (!memoiseLanes || hi >= INTERNED)) return new SymbolicValue.Range(lo, hi);
        if (program.algebra() == Algebra.ASSOCIATIVE && lo >= 0) {
            if (hi >= ranges.length) ranges = java.util.Arrays.copyOf(ranges, Math.max(hi + 1, ranges.length * 2));
            if (ranges[hi] == null) ranges[hi] = new SymbolicValue.Range[hi + 1];
            SymbolicValue.Range r = ranges[hi][lo];
            if (r == null) ranges[hi][lo] = r = new SymbolicValue.Range(lo, hi);
            return r;
        }
        SymbolicValue v = values.input(lo);
        for (long i = lo + 1L; i <= hi; i++) v = values.combine(v, values.input((int) i));
        return v;
    }

    int reduceWire(ScanSpec spec, int n) {
        return spec.direction() == Direction.FORWARD ? n - 1 : 0;
    }

    /** The N symbolic inputs. */
    SymbolicValue[] inputs(int n) {
        Token at = program.defined().getOrDefault("N", program.firstUse().getOrDefault("N", new Token(TokenType.EOF, "N", 0, 1, 1)));
        if (n < 1) throw new LangError(at, "N must be at least 1, got " + n);
        limits.checkWidth(at, n);
        SymbolicValue[] x = new SymbolicValue[n];
        for (int i = 0; i < n; i++) x[i] = range(i, i);
        return x;
    }

    /** The trimmed source line of a token, for failure messages. */
    String sourceLine(Token at) {
        return at.line() <= lines.length ? lines[at.line() - 1].trim() : "";
    }

    void recordFailure(ExecutionFailure f) {
        failures.record(f);
    }

    /** Up to eight distinct failures seen so far, by site: what made executions unsafe. */
    public List<String> failureSamples() {
        return failures.samples();
    }

    /** How many failed executions (instruction runs that failed) were seen. */
    public long failureCount() {
        return failures.count();
    }

    /** The result the program's last {@code assert scan/reduce} requires (forward inclusive if none). */
    public ScanSpec resultSpec() {
        return program.resultSpec();
    }
}

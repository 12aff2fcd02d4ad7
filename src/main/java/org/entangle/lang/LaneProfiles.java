package org.entangle.lang;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.entangle.network.check.SymbolicValue;

/**
 * Counts through a parallel block lane by lane instead of over the product of the lanes' outcomes, when the
 * block has the shape of the talk's program: each lane writes at most its own element, reads only elements at
 * or below its own index (or only at or above it), and assigns no scalar (sums are fine). Taking lanes from
 * the highest index down (or the lowest up), the elements not yet decided still hold their pre-block values,
 * which are exactly what the remaining lanes read, so one array (decided lanes' new values, then pre-block
 * values) plus the partial sums is the whole state of the count. That profile is memoised across blocks, so a
 * block costs a sum over each lane's outcomes rather than their product (the transfer-matrix method applied to
 * SIMD lanes). Sums into the accumulator are not part of the profile: they are applied to the counts through
 * {@link Counts#raised}. The result equals the sum over the machine's transitions, which the tests check
 * against brute force. A lookup in the memo runs the caller's poll (a cancellation check), as a long count can
 * go on for a second of such lookups without another. The memo is a {@link PackedMemo}: a profile's values are
 * numbered, and equal counts share one object, so the millions of entries of a long count give the collector no
 * objects to trace.
 *
 * @param <V> what is counted (a number, or a histogram over the accumulator), with {@code equals} and {@code hashCode}
 */
public final class LaneProfiles<V> {

    /**
     * How counts combine: the empty count, the sum of two, and a count seen after raising the accumulator. Counts
     * equal by {@code equals} must be interchangeable (the memo keeps one of them).
     */
    public interface Counts<V> {
        V empty();

        V plus(V a, V b);

        V raised(V v, int raise);
    }

    private final Machine machine;
    private final Counts<V> counts;
    private final Map<Integer, PackedMemo<V>> memos = new HashMap<>();
    private final Map<SymbolicValue, Integer> valueNumbers = new HashMap<>();
    private final Map<List<Integer>, Integer> slotsNumbers = new HashMap<>();
    private final Runnable poll;

    /** Profiles counting with {@code counts}, running {@code poll} at every lookup in their memo. */
    public LaneProfiles(Machine machine, Counts<V> counts, Runnable poll) {
        this.machine = machine;
        this.counts = counts;
        this.poll = poll;
    }

    /**
     * The count from {@code state}, which must be at a parallel block, with {@code continuation} counting from
     * the state after the block; null when the block does not have the required shape.
     */
    public V count(MachineState state, Function<MachineState, V> continuation) {
        SymbolicValue[] x = machine.elementsOf(state);
        if (!machine.atBlock(state) || x == null || machine.program().tracksReads()) return null;
        Stmt.Parallel block = machine.blockAt(state);
        LaneRunner runner = new LaneRunner(machine, state, x, block);
        List<LaneRunner.LaneResult> lanes = runner.lanes();
        if (!lanes.isEmpty() && lanes.get(lanes.size() - 1).outcomes().isEmpty()) return counts.empty();
        int first = runner.firstLane();
        boolean down = true;
        boolean up = true;
        for (int i = 0; i < lanes.size(); i++) {
            int lane = first + i;
            LaneRunner.LaneResult r = lanes.get(i);
            if (lane < 0 || lane >= x.length || !writesOnlyItself(r, lane)) return null;
            down &= r.maxRead() <= lane;
            up &= r.minRead() >= lane;
        }
        if (!down && !up) return null;
        int[] order = new int[lanes.size()];
        for (int i = 0; i < order.length; i++) order[i] = down ? order.length - 1 - i : i;
        return new Walk(state, x, lanes, first, order, continuation).walk(0, x.clone());
    }

    private static boolean writesOnlyItself(LaneRunner.LaneResult r, int lane) {
        for (LaneRunner.Outcome o : r.outcomes()) {
            Execution.LaneEffects fx = o.effects();
            if (!fx.assignedSlots.isEmpty() || fx.ops.size() > 1) return false;
            if (fx.ops.size() == 1 && fx.ops.get(0).dst() != lane) return false;
        }
        return true;
    }

    private int numberOf(SymbolicValue v) {
        return valueNumbers.computeIfAbsent(v, k -> valueNumbers.size());
    }

    /**
     * One block's walk over its lanes. Its key is the lookup's key, kept up to date as the walk goes: the block's
     * program point, the lane index reached, the number of the pre-block scalars, the partial sums, then the number
     * of each element's value in the profile ({@link #numberOf}; equal values, equal numbers).
     */
    private final class Walk {
        private static final int PC = 0;
        private static final int INDEX = 1;
        private static final int SLOTS = 2;
        private static final int SUMS = 3;

        private final MachineState state;
        private final List<LaneRunner.LaneResult> lanes;
        private final int first;
        private final int[] order;
        private final Function<MachineState, V> continuation;
        private final int accumulator = machine.accumulator();
        /** Where the elements' value numbers start in the key, after the partial sums. */
        private final int firstValue;
        private final int[] key;
        private final int[][] written;
        private final PackedMemo<V> memo;

        Walk(MachineState state, SymbolicValue[] x, List<LaneRunner.LaneResult> lanes, int first, int[] order,
             Function<MachineState, V> continuation) {
            this.state = state;
            this.lanes = lanes;
            this.first = first;
            this.order = order;
            this.continuation = continuation;
            firstValue = SUMS + state.slots.length;
            key = new int[firstValue + x.length];
            key[PC] = state.pc;
            key[SLOTS] = slotsNumbers.computeIfAbsent(Arrays.stream(state.slots).boxed().toList(), k -> slotsNumbers.size());
            for (int e = 0; e < x.length; e++) key[firstValue + e] = numberOf(x[e]);
            written = new int[lanes.size()][];
            for (int i = 0; i < written.length; i++) {
                List<LaneRunner.Outcome> outcomes = lanes.get(i).outcomes();
                written[i] = new int[outcomes.size()];
                for (int o = 0; o < outcomes.size(); o++) {
                    Execution.LaneEffects fx = outcomes.get(o).effects();
                    written[i][o] = fx.ops.isEmpty() ? -1 : numberOf(fx.written.get(0).value());
                }
            }
            memo = memos.computeIfAbsent(key.length, PackedMemo::new);
        }

        V walk(int index, SymbolicValue[] profile) {
            if (index == order.length) {
                int[] slots = state.slots.clone();
                for (int s = 0; s < slots.length; s++) slots[s] += key[SUMS + s];
                return continuation.apply(machine.next(state.pc + 1, slots, profile.clone(), state, null));
            }
            poll.run();
            key[INDEX] = index;
            V known = memo.get(key);
            if (known != null) return known;
            int i = order[index];
            int lane = first + i;
            V total = counts.empty();
            SymbolicValue old = profile[lane];
            int oldNumber = key[firstValue + lane];
            List<LaneRunner.Outcome> outcomes = lanes.get(i).outcomes();
            for (int o = 0; o < outcomes.size(); o++) {
                Execution.LaneEffects fx = outcomes.get(o).effects();
                if (!fx.ops.isEmpty()) {
                    profile[lane] = fx.written.get(0).value();
                    key[firstValue + lane] = written[i][o];
                }
                int raise = addSums(fx.sums, 1);
                V sub = walk(index + 1, profile);
                total = counts.plus(total, raise == 0 ? sub : counts.raised(sub, raise));
                addSums(fx.sums, -1);
                profile[lane] = old;
                key[firstValue + lane] = oldNumber;
            }
            key[INDEX] = index;
            memo.put(key, total);
            return total;
        }

        /**
         * Adds a lane's sums (times {@code sign}) to the key's partial sums, all but the accumulator's; returns what
         * the lane adds to the accumulator (applied to the counts instead), 0 without one.
         */
        private int addSums(int[] sums, int sign) {
            if (sums == null) return 0;
            for (int s = 0; s < sums.length; s++) {
                if (s != accumulator) key[SUMS + s] += sign * sums[s];
            }
            return accumulator >= 0 ? sums[accumulator] : 0;
        }
    }
}

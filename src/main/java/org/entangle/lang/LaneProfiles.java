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
 * go on for a second of such lookups without another.
 *
 * @param <V> what is counted (a number, or a histogram over the accumulator)
 */
public final class LaneProfiles<V> {

    /** How counts combine: the empty count, the sum of two, and a count seen after raising the accumulator. */
    public interface Counts<V> {
        V empty();

        V plus(V a, V b);

        V raised(V v, int raise);
    }

    private record Key(int pc, int index, SymbolicValue[] profile, int[] sums, int[] preSlots, int hash) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && pc == k.pc && index == k.index && Arrays.equals(profile, k.profile)
                    && Arrays.equals(sums, k.sums) && Arrays.equals(preSlots, k.preSlots);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        /** This key with its own copies of the arrays, to keep in the memo after the walk has changed them. */
        Key kept() {
            return new Key(pc, index, profile.clone(), sums.clone(), preSlots, hash);
        }
    }

    private final Machine machine;
    private final Counts<V> counts;
    private final Map<Key, V> memo = new HashMap<>();
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
            if (!writesOnlyItself(r, lane)) return null;
            down &= r.maxRead() <= lane;
            up &= r.minRead() >= lane;
        }
        if (!down && !up) return null;
        int[] order = new int[lanes.size()];
        for (int i = 0; i < order.length; i++) order[i] = down ? order.length - 1 - i : i;
        return new Walk(state, lanes, first, order, continuation).walk(0, x.clone(), new int[state.slots.length]);
    }

    private static boolean writesOnlyItself(LaneRunner.LaneResult r, int lane) {
        for (LaneRunner.Outcome o : r.outcomes()) {
            Execution.LaneEffects fx = o.effects();
            if (!fx.assignedSlots.isEmpty() || fx.ops.size() > 1) return false;
            if (fx.ops.size() == 1 && fx.ops.get(0).dst() != lane) return false;
        }
        return true;
    }

    private final class Walk {
        private final MachineState state;
        private final List<LaneRunner.LaneResult> lanes;
        private final int first;
        private final int[] order;
        private final Function<MachineState, V> continuation;
        private final int accumulator = machine.accumulator();

        Walk(MachineState state, List<LaneRunner.LaneResult> lanes, int first, int[] order, Function<MachineState, V> continuation) {
            this.state = state;
            this.lanes = lanes;
            this.first = first;
            this.order = order;
            this.continuation = continuation;
        }

        V walk(int index, SymbolicValue[] profile, int[] sums) {
            if (index == order.length) {
                int[] slots = state.slots.clone();
                for (int s = 0; s < slots.length; s++) slots[s] += sums[s];
                return continuation.apply(machine.next(state.pc + 1, slots, profile.clone(), state, null));
            }
            poll.run();
            Key key = key(index, profile, sums);
            V known = memo.get(key);
            if (known != null) return known;
            int i = order[index];
            int lane = first + i;
            V total = counts.empty();
            SymbolicValue old = profile[lane];
            for (LaneRunner.Outcome o : lanes.get(i).outcomes()) {
                Execution.LaneEffects fx = o.effects();
                if (!fx.ops.isEmpty()) profile[lane] = fx.written.get(0).value();
                int raise = 0;
                if (fx.sums != null) {
                    for (int s = 0; s < sums.length; s++) sums[s] += fx.sums[s];
                    if (accumulator >= 0) {
                        raise = fx.sums[accumulator];
                        sums[accumulator] -= raise;
                    }
                }
                V sub = walk(index + 1, profile, sums);
                total = counts.plus(total, raise == 0 ? sub : counts.raised(sub, raise));
                if (fx.sums != null) {
                    for (int s = 0; s < sums.length; s++) sums[s] -= fx.sums[s];
                    if (accumulator >= 0) sums[accumulator] += raise;
                }
                profile[lane] = old;
            }
            memo.put(key.kept(), total);
            return total;
        }

        /** The key of a lookup, viewing the walk's arrays (no copy: most lookups find their entry). */
        private Key key(int index, SymbolicValue[] profile, int[] sums) {
            long h = state.pc * 31L + index;
            for (SymbolicValue v : profile) h = (h ^ MachineState.hash(v)) * 0x9E3779B97F4A7C15L;
            h = (h ^ Arrays.hashCode(sums)) * 0xBF58476D1CE4E5B9L;
            h = (h ^ Arrays.hashCode(state.slots)) * 0x94D049BB133111EBL;
            return new Key(state.pc, index, profile, sums, state.slots, (int) (h ^ (h >>> 32)));
        }
    }
}

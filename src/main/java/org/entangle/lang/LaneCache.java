package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.check.SymbolicValue;

/**
 * Memoised outcomes of one lane of one parallel block. A lane's execution is determined by the values it reads
 * from the pre-block state, so its outcomes are stored under the values of its read set (recorded while it ran,
 * over every sequence of its angels); a later state that agrees on those values gets them back without running
 * the lane. A lane may read different sets in different states, so each read set seen keeps its own table.
 *
 * @param <T> the outcome type
 */
final class LaneCache<T> {

    private record Signature<T>(int[] slots, int[] elements, boolean fanout, Map<Key, T> table) {
    }

    private record Key(int[] slotValues, SymbolicValue[] elementValues, int fanout, int stepFanout, int hash) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && fanout == k.fanout && stepFanout == k.stepFanout
                    && Arrays.equals(slotValues, k.slotValues) && Arrays.equals(elementValues, k.elementValues);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final List<Signature<T>> signatures = new ArrayList<>(2);

    /** The outcomes stored for a state that agrees with an earlier one on its read set, or null. */
    T lookup(MachineState state, SymbolicValue[] x) {
        for (Signature<T> s : signatures) {
            T found = s.table().get(key(s, state, x));
            if (found != null) return found;
        }
        return null;
    }

    /** Stores the outcomes of a lane that read {@code log} in {@code state}. */
    void store(ReadLog log, MachineState state, SymbolicValue[] x, T outcomes) {
        int[] slots = log.slots.stream().toArray();
        int[] elements = log.elements.stream().toArray();
        Signature<T> sig = null;
        for (Signature<T> s : signatures) {
            if (Arrays.equals(s.slots(), slots) && Arrays.equals(s.elements(), elements) && s.fanout() == log.fanout) sig = s;
        }
        if (sig == null) {
            sig = new Signature<>(slots, elements, log.fanout, new HashMap<>());
            signatures.add(sig);
        }
        sig.table().put(key(sig, state, x), outcomes);
    }

    private static <T> Key key(Signature<T> s, MachineState state, SymbolicValue[] x) {
        int[] sv = new int[s.slots().length];
        long h = 17;
        for (int i = 0; i < sv.length; i++) {
            sv[i] = state.slots[s.slots()[i]];
            h = (h ^ sv[i]) * 0x9E3779B97F4A7C15L;
        }
        SymbolicValue[] ev = new SymbolicValue[s.elements().length];
        for (int i = 0; i < ev.length; i++) {
            ev[i] = x[s.elements()[i]];
            h = (h ^ MachineState.hash(ev[i])) * 0xBF58476D1CE4E5B9L;
        }
        int f = s.fanout() ? state.maxFanout : 0;
        int sf = s.fanout() ? state.stepFanout : 0;
        h = (h ^ f ^ ((long) sf << 20)) * 0x94D049BB133111EBL;
        return new Key(sv, ev, f, sf, (int) (h ^ (h >>> 32)));
    }
}

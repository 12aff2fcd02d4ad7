package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * A test fixture standing in for the oracle on the talk's program (Barman, Jain, Tung, Bodik): N lanes, S in-place
 * steps; at each step every lane whose range [lo, i] is incomplete may combine with lane lo − 1 (the unique lane that
 * keeps its range contiguous); at most B ops; at the end every lane holds [0, i]. Angel (s, i) is lane i's choice at
 * step s: 1 combine, 0 not, ⊥ when the lane was already complete. Enumerated exhaustively by depth-first search and
 * streamed into a {@link TraceSet.Builder} with the network each trace produces.
 */
final class TalkProgramTraces {

    private final int lanes;
    private final int steps;
    private final int budget;
    private final TraceSet.Builder builder;
    private final int[] codes;
    private final List<Step> schedule = new ArrayList<>();

    private TalkProgramTraces(int lanes, int steps, int budget) {
        this.lanes = lanes;
        this.steps = steps;
        this.budget = budget;
        List<AngelDomain> domains = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            for (int i = 1; i < lanes; i++) domains.add(AngelDomain.ofIntegers("s" + s + "l" + i, 0, 1));
        }
        builder = TraceSet.builder(domains);
        codes = new int[domains.size()];
    }

    static TraceSet enumerate(int lanes, int steps, int budget) {
        TalkProgramTraces search = new TalkProgramTraces(lanes, steps, budget);
        int[] lo = new int[lanes];
        for (int i = 0; i < lanes; i++) lo[i] = i;
        search.step(0, lo, 0);
        return search.builder.build();
    }

    private void step(int s, int[] lo, int used) {
        int incomplete = 0;
        for (int i = 0; i < lanes; i++) {
            if (lo[i] > 0) incomplete++;
        }
        if (used + incomplete > budget) return;
        if (s == steps) {
            if (incomplete == 0) {
                builder.add(codes, Network.of(lanes, schedule));
            }
            return;
        }
        int[] active = new int[incomplete];
        int k = 0;
        for (int i = 0; i < lanes; i++) {
            if (lo[i] > 0) active[k++] = i;
        }
        Arrays.fill(codes, angel(s, 1), angel(s, lanes - 1) + 1, 0);
        for (int subset = 0; subset < (1 << incomplete); subset++) {
            int[] next = lo.clone();
            List<Op> ops = new ArrayList<>();
            for (int j = 0; j < incomplete; j++) {
                int i = active[j];
                boolean chosen = (subset >> j & 1) == 1;
                codes[angel(s, i)] = 1 + (chosen ? 1 : 0);
                if (chosen) {
                    next[i] = lo[lo[i] - 1];
                    ops.add(Op.combine(i, lo[i] - 1));
                }
            }
            schedule.add(new Step(ops));
            step(s + 1, next, used + ops.size());
            schedule.remove(schedule.size() - 1);
        }
        Arrays.fill(codes, angel(s, 1), angel(s, lanes - 1) + 1, 0);
    }

    private int angel(int s, int lane) {
        return s * (lanes - 1) + lane - 1;
    }
}

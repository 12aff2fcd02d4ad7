package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.ValueAlgebra;
import org.entangle.network.check.RangeAlgebra;
import org.entangle.network.check.SymbolicValue;

/**
 * Entanglement over functions instead of raw choices (the talk's "Attempt 2"): each trace's network is
 * mapped to the sub-computations it performs, and the same analysis runs over those. Every range [lo, hi]
 * (lo &lt; hi) that some network computes becomes a feature angel, named {@code [lo,hi]}; in a network its value
 * says where the range is computed — on which wire, at which depth (longest path of combining ops, so the
 * same dataflow under another schedule gives the same value) — or ⊥ when the network never computes it. A range
 * computed more than once gets all its places, joined by {@code +}. Values come from running the network with
 * {@link NetworkInterpreter} over {@link RangeAlgebra}; dead combinations compute no range and are left out.
 */
public final class FunctionalView {

    /** How much of a computed range's place becomes its value. */
    public enum Detail {
        /** Only whether the range is computed. */
        RANGE,
        /** The wire(s) that compute it. */
        RANGE_AND_WIRE,
        /** The wire(s) and the depth at which it is computed. */
        RANGE_WIRE_AND_DEPTH
    }

    private FunctionalView() {
    }

    /** The functional view of the networks that a trace set's traces produce. */
    public static TraceSet of(TraceSet traces, Detail detail) {
        if (!traces.hasNetworks()) {
            throw new IllegalArgumentException("the functional view needs the network each trace produces, and these traces carry none");
        }
        List<Network> networks = new ArrayList<>();
        for (Network n : traces.networks()) {
            if (n != null) networks.add(n);
        }
        return of(networks, detail);
    }

    /** The functional view of a list of networks (one per trace); each feature trace carries its network. */
    public static TraceSet of(List<Network> networks, Detail detail) {
        List<Map<Range, TreeSet<String>>> places = new ArrayList<>();
        TreeSet<Range> ranges = new TreeSet<>();
        for (Network network : networks) {
            Map<Range, TreeSet<String>> computed = computedRanges(network, detail);
            places.add(computed);
            ranges.addAll(computed.keySet());
        }
        List<Range> order = new ArrayList<>(ranges);
        List<Map<String, Integer>> codes = new ArrayList<>();
        List<List<String>> tokens = new ArrayList<>();
        for (int a = 0; a < order.size(); a++) {
            codes.add(new HashMap<>(Map.of(AngelDomain.BOTTOM, 0)));
            tokens.add(new ArrayList<>(List.of(AngelDomain.BOTTOM)));
        }
        int[][] rows = new int[networks.size()][order.size()];
        for (int t = 0; t < networks.size(); t++) {
            for (int a = 0; a < order.size(); a++) {
                TreeSet<String> where = places.get(t).get(order.get(a));
                String token = where == null ? AngelDomain.BOTTOM : String.join("+", where);
                List<String> domain = tokens.get(a);
                rows[t][a] = codes.get(a).computeIfAbsent(token, x -> {
                    domain.add(x);
                    return domain.size() - 1;
                });
            }
        }
        List<AngelDomain> domains = new ArrayList<>();
        for (int a = 0; a < order.size(); a++) domains.add(new AngelDomain(order.get(a).toString(), tokens.get(a)));
        TraceSet.Builder builder = TraceSet.builder(domains);
        for (int t = 0; t < networks.size(); t++) builder.add(rows[t], networks.get(t));
        return builder.build();
    }

    private static Map<Range, TreeSet<String>> computedRanges(Network network, Detail detail) {
        Map<Range, TreeSet<String>> computed = new TreeMap<>();
        NetworkInterpreter.run(network, new DepthAlgebra(), (step, index, op, left, right, result) -> {
            if (op.kind().combines() && result.value() instanceof SymbolicValue.Range r && r.lo() < r.hi()) {
                String place = switch (detail) {
                    case RANGE -> "yes";
                    case RANGE_AND_WIRE -> "w" + op.dst();
                    case RANGE_WIRE_AND_DEPTH -> "w" + op.dst() + "@d" + result.depth();
                };
                computed.computeIfAbsent(new Range(r.lo(), r.hi()), k -> new TreeSet<>()).add(place);
            }
        });
        return computed;
    }

    /** A computed range, ordered by its low end and then its high end. */
    private record Range(int lo, int hi) implements Comparable<Range> {
        @Override
        public int compareTo(Range o) {
            return lo != o.lo ? Integer.compare(lo, o.lo) : Integer.compare(hi, o.hi);
        }

        @Override
        public String toString() {
            return "[" + lo + "," + hi + "]";
        }
    }

    /** A range value with the length of the longest path of combining ops that produced it. */
    private record Computed(SymbolicValue value, int depth) {
    }

    /** {@link RangeAlgebra} with depths: inputs and the identity have depth 0, a combination one more than its deeper operand. */
    private static final class DepthAlgebra implements ValueAlgebra<Computed> {
        private final RangeAlgebra ranges = new RangeAlgebra();

        @Override
        public Computed input(int wire) {
            return new Computed(ranges.input(wire), 0);
        }

        @Override
        public Computed identity() {
            return new Computed(ranges.identity(), 0);
        }

        @Override
        public Computed combine(Computed left, Computed right) {
            return new Computed(ranges.combine(left.value(), right.value()), Math.max(left.depth(), right.depth()) + 1);
        }
    }
}

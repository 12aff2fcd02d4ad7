package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.entangle.network.Network;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * A de-duplicated set T of traces over named angels with finite domains (angelic programming; Torlak and Barman,
 * Onward! 2015): each trace gives every angel one value of its {@link AngelDomain} (⊥ when it did not execute). Traces
 * are stored packed ({@link PackedLayout}), so 10^6 traces of 64 binary angels take 8 MB. A trace may carry the
 * {@link Network} it produces; of duplicate traces the first one's network is kept. Immutable.
 */
public final class TraceSet {

    /** The largest number of traces a set may hold (the packed row index is an int). */
    public static final int MAX_TRACES = 100_000_000;

    private final List<AngelDomain> domains;
    private final PackedLayout layout;
    private final PackedRows rows;
    private final long added;
    private final List<Network> networks;

    private TraceSet(List<AngelDomain> domains, PackedLayout layout, PackedRows rows, long added,
                     List<Network> networks) {
        this.domains = domains;
        this.layout = layout;
        this.rows = rows;
        this.added = added;
        this.networks = networks;
    }

    /** A builder for traces over these angels; it is also a {@link TraceSink}. */
    public static Builder builder(List<AngelDomain> domains) {
        return new Builder(domains);
    }

    /** The number of angels. */
    public int angels() {
        return domains.size();
    }

    public List<AngelDomain> domains() {
        return domains;
    }

    public AngelDomain domain(int angel) {
        return domains.get(angel);
    }

    /** The angels' names, by column. */
    public List<String> names() {
        List<String> names = new ArrayList<>(domains.size());
        for (AngelDomain d : domains) names.add(d.name());
        return names;
    }

    /** |T|: the number of distinct traces. */
    public int size() {
        return rows.size();
    }

    /** How many traces were added, duplicates included. */
    public long addedCount() {
        return added;
    }

    /** The code of {@code angel}'s value in trace {@code row}. */
    public int code(int row, int angel) {
        return layout.get(rows.data(), row * rows.words(), angel);
    }

    /** The token of {@code angel}'s value in trace {@code row}. */
    public String token(int row, int angel) {
        return domains.get(angel).token(code(row, angel));
    }

    /** All codes of trace {@code row}. */
    public int[] codes(int row) {
        int[] codes = new int[angels()];
        for (int a = 0; a < codes.length; a++) codes[a] = code(row, a);
        return codes;
    }

    /** Whether the traces carry networks. */
    public boolean hasNetworks() {
        return networks != null;
    }

    /** The network trace {@code row} produces, if the traces carry networks. */
    public Optional<Network> network(int row) {
        return networks == null ? Optional.empty() : Optional.ofNullable(networks.get(row));
    }

    /** The networks of all traces, by row (empty when the traces carry none). */
    public List<Network> networks() {
        return networks == null ? List.of() : networks;
    }

    /** π_S(T): the distinct traces restricted to {@code angels} (in that order); networks are dropped. */
    public TraceSet project(int[] angels) {
        List<AngelDomain> kept = new ArrayList<>(angels.length);
        for (int a : angels) kept.add(domains.get(a));
        Builder builder = new Builder(kept);
        int[] codes = new int[angels.length];
        for (int r = 0; r < size(); r++) {
            for (int i = 0; i < angels.length; i++) codes[i] = code(r, angels[i]);
            builder.add(codes);
        }
        return builder.build();
    }

    /** The traces whose row satisfies {@code keep}, networks kept. */
    public TraceSet filter(IntPredicate keep) {
        Builder builder = new Builder(domains);
        for (int r = 0; r < size(); r++) {
            if (keep.test(r)) builder.add(codes(r), networks == null ? null : networks.get(r));
        }
        return builder.build();
    }

    /** The traces in which {@code angel} has the value {@code token}. */
    public TraceSet filterByValue(int angel, String token) {
        int code = domains.get(angel).code(token);
        if (code < 0) {
            throw new IllegalArgumentException("angel " + domains.get(angel).name() + " has no value " + token);
        }
        return filter(r -> code(r, angel) == code);
    }

    /**
     * The traces whose network's metrics satisfy {@code keep} (e.g. minimum size at a given depth); traces
     * without a network are dropped.
     *
     * @throws IllegalStateException when the traces carry no networks
     */
    public TraceSet filterByNetwork(Predicate<NetworkMetrics> keep) {
        if (networks == null) {
            throw new IllegalStateException("these traces carry no networks to filter by");
        }
        return filter(r -> networks.get(r) != null && keep.test(Metrics.of(networks.get(r))));
    }

    /** A uniform sample of {@code count} distinct traces (all of them when there are fewer), seeded. */
    public TraceSet sample(int count, long seed) {
        int n = size();
        if (count >= n) return this;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Random random = new Random(seed);
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] chosen = Arrays.copyOf(order, count);
        Arrays.sort(chosen);
        Builder builder = new Builder(domains);
        for (int r : chosen) builder.add(codes(r), networks == null ? null : networks.get(r));
        return builder.build();
    }

    PackedLayout layout() {
        return layout;
    }

    PackedRows rows() {
        return rows;
    }

    /**
     * Collects traces, de-duplicating as they arrive (a hash table over the packed traces), so memory grows
     * with the number of distinct traces only.
     */
    public static final class Builder implements TraceSink {
        private final List<AngelDomain> domains;
        private final PackedLayout layout;
        private final ProjectionTable table;
        private final long[] packed;
        private final List<Network> networks = new ArrayList<>();
        private boolean anyNetwork;
        private long added;

        Builder(List<AngelDomain> domains) {
            this.domains = List.copyOf(domains);
            this.layout = PackedLayout.of(this.domains);
            long[] all = new long[layout.words()];
            Arrays.fill(all, -1L);
            this.table = new ProjectionTable(layout.words(), all, 1024);
            this.packed = new long[layout.words()];
        }

        @Override
        public void add(int[] codes) {
            add(codes, null);
        }

        /** Adds a trace with the network it produces (null for none). */
        public void add(int[] codes, Network network) {
            if (codes.length != domains.size()) {
                throw new IllegalArgumentException("trace " + (added + 1) + " has " + codes.length
                        + " values but there are " + domains.size() + " angels");
            }
            Arrays.fill(packed, 0L);
            for (int a = 0; a < codes.length; a++) {
                int c = codes[a];
                if (c < 0 || c >= domains.get(a).size()) {
                    throw new IllegalArgumentException("trace " + (added + 1) + ": code " + c + " is outside the domain of angel "
                            + domains.get(a).name() + " (" + domains.get(a).size() + " values)");
                }
                layout.put(packed, 0, a, c);
            }
            int before = table.size();
            if (before == MAX_TRACES) {
                throw new IllegalArgumentException("more than " + MAX_TRACES + " distinct traces");
            }
            table.add(packed, 0);
            added++;
            if (table.size() > before) {
                networks.add(network);
                anyNetwork |= network != null;
            }
        }

        /** The number of distinct traces so far. */
        public int distinct() {
            return table.size();
        }

        public TraceSet build() {
            List<Network> kept = anyNetwork ? Collections.unmodifiableList(new ArrayList<>(networks)) : null;
            return new TraceSet(domains, layout, table.rows(), added, kept);
        }
    }
}

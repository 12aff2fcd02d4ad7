package org.entangle.entanglement;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The "sum of cross-products" decomposition of the Onward! 2015 tool (Torlak and Barman): when T does not factor along
 * a wanted split of the angels into a part A and the rest B, the maximal subsets of T that do factor along it. With
 * heads π_A(T) and tails π_B(T) as the two sides of a bipartite graph whose edges are the traces, such a subset is H ×
 * S ⊆ T, and the maximal ones are the maximal bicliques. Every maximal biclique's tail set is an intersection of head
 * neighbourhoods (it is the closed set of a formal concept), so they are found by closing the neighbourhoods under
 * intersection, breadth first; for each closed tail set S the heads are all h whose neighbourhood contains S. Time
 * O(c·h·t/64) for c bicliques, h heads and t tails; c can be exponential, so the enumeration stops at a limit and says
 * so. Every trace lies in at least one of the bicliques.
 */
public final class CrossProducts {

    /**
     * One maximal biclique: a subset heads × tails of T that factors along the split.
     *
     * @param heads indices into {@link Result#heads()}
     * @param tails indices into {@link Result#tails()}
     */
    public record Biclique(int[] heads, int[] tails) {
        /** The number of traces it holds. */
        public long traces() {
            return (long) heads.length * tails.length;
        }
    }

    /**
     * @param part      the angels of A
     * @param rest      the angels of B
     * @param heads     π_A(T)
     * @param tails     π_B(T)
     * @param bicliques the maximal bicliques, largest first
     * @param complete  false when the enumeration stopped at its limit
     */
    public record Result(int[] part, int[] rest, TraceSet heads, TraceSet tails, List<Biclique> bicliques, boolean complete) {
        /** Whether T itself factors along the split. */
        public boolean factors() {
            return complete && bicliques.size() == 1 && bicliques.get(0).traces() == (long) heads.size() * tails.size();
        }
    }

    private CrossProducts() {
    }

    /** The maximal bicliques of the split of {@code set}'s angels into {@code part} and the rest, at most {@code limit}. */
    public static Result of(TraceSet set, int[] part, int limit) {
        boolean[] inPart = new boolean[set.angels()];
        for (int a : part) inPart[a] = true;
        int[] rest = new int[set.angels() - part.length];
        for (int a = 0, i = 0; a < set.angels(); a++) {
            if (!inPart[a]) rest[i++] = a;
        }
        if (part.length == 0 || rest.length == 0) {
            throw new IllegalArgumentException("a split needs angels on both sides");
        }
        Map<List<Integer>, Integer> headIndex = new HashMap<>();
        Map<List<Integer>, Integer> tailIndex = new HashMap<>();
        TraceSet.Builder heads = TraceSet.builder(pick(set, part));
        TraceSet.Builder tails = TraceSet.builder(pick(set, rest));
        List<BitSet> neighbours = new ArrayList<>();
        for (int r = 0; r < set.size(); r++) {
            int h = index(set, r, part, headIndex, heads);
            int t = index(set, r, rest, tailIndex, tails);
            if (h == neighbours.size()) neighbours.add(new BitSet());
            neighbours.get(h).set(t);
        }
        Set<BitSet> closed = new LinkedHashSet<>(neighbours);
        Deque<BitSet> queue = new ArrayDeque<>(closed);
        boolean complete = true;
        while (!queue.isEmpty() && complete) {
            BitSet s = queue.poll();
            for (BitSet n : neighbours) {
                BitSet x = (BitSet) s.clone();
                x.and(n);
                if (!x.isEmpty() && closed.add(x)) {
                    queue.add(x);
                    if (closed.size() >= limit) {
                        complete = false;
                        break;
                    }
                }
            }
        }
        List<Biclique> bicliques = new ArrayList<>();
        for (BitSet s : closed) {
            List<Integer> hs = new ArrayList<>();
            for (int h = 0; h < neighbours.size(); h++) {
                BitSet covered = (BitSet) s.clone();
                covered.andNot(neighbours.get(h));
                if (covered.isEmpty()) hs.add(h);
            }
            bicliques.add(new Biclique(hs.stream().mapToInt(Integer::intValue).toArray(), s.stream().toArray()));
        }
        bicliques.sort(Comparator.comparingLong(Biclique::traces).reversed()
                .thenComparing(b -> Arrays.toString(b.heads())));
        return new Result(part.clone(), rest, heads.build(), tails.build(), bicliques, complete);
    }

    private static List<AngelDomain> pick(TraceSet set, int[] angels) {
        List<AngelDomain> domains = new ArrayList<>();
        for (int a : angels) domains.add(set.domain(a));
        return domains;
    }

    private static int index(TraceSet set, int row, int[] angels, Map<List<Integer>, Integer> index, TraceSet.Builder builder) {
        int[] codes = new int[angels.length];
        List<Integer> key = new ArrayList<>(angels.length);
        for (int i = 0; i < angels.length; i++) {
            codes[i] = set.code(row, angels[i]);
            key.add(codes[i]);
        }
        Integer known = index.get(key);
        if (known != null) return known;
        builder.add(codes);
        index.put(key, index.size());
        return index.size() - 1;
    }
}

package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The finest valid partition of a trace set's angels (Torlak and Barman, Onward! 2015), computed exactly by growing one
 * block at a time, after the reference tool of Torlak and Barman ("Toward tool support for interactive synthesis",
 * Onward! 2015).
 *
 * <p><b>Why it is exact.</b> Valid partitions are closed under meet, so the finest one, P*, is unique and refines
 * every valid partition; in particular a two-block split {X, Z∖X} of the remaining angels Z is valid iff X is a
 * union of blocks of P*. To find the block B* of angel a we keep the invariant {a} ⊆ X ⊆ B*. If {X, Y = Z∖X} is
 * valid, X is a union of P*-blocks containing a, so X ⊇ B*, hence X = B*. Otherwise some head h ∈ π_X(T) and tail
 * t ∈ π_Y(T) have (h, t) ∉ T (we take h with the fewest traces and t the tail of the first trace that h lacks). Let t'' be a tail that occurs with h and differs from t in the fewest bits, and D
 * the angels where t and t'' differ (non-empty). Write tails as (part in B*∖X, part outside B*). Because
 * T = π_B*(T) × π_rest(T), the tail t* = (t''₁, t₂) also occurs with h, and it differs from t only on D ∩ B*;
 * if D had an angel outside B*, t* would be strictly nearer to t than t'', a contradiction. So D ⊆ B* and
 * X ∪ D keeps the invariant. Once B* is found, T = π_B*(T) × π_Z∖B*(T), and the finest partition of the rest
 * is P* without B*; we continue on the distinct tails. Angels that are constant over T are singleton blocks
 * and are taken out first.
 *
 * <p><b>Running time.</b> Each growth step adds at least one angel and each block ends with one successful
 * test, so there are at most K + k ≤ 2K steps for K angels and k blocks. A step builds the table of heads (a
 * valid split gives every head the same number of traces, so unequal counts refute it at once), the table of
 * tails only when the counts are equal, and makes two more passes, each expected O(n·w) for n = |T| traces
 * packed in w words
 * ({@link PackedLayout}; w = 1 for 64 binary angels): O(K·n·w) expected time in all, O(n·w) memory. The rows
 * worked on shrink by a factor |π_B(T)| after every block.
 */
public final class FinestPartition {

    /** The most traces the exact algorithm accepts; sample larger sets ({@link TraceSet#sample}). */
    public static final int MAX_TRACES = 10_000_000;

    private FinestPartition() {
    }

    /**
     * The finest valid partition of {@code set}'s angels.
     *
     * @throws IllegalArgumentException when the set is empty or holds more than {@link #MAX_TRACES} traces
     */
    public static Partition of(TraceSet set) {
        int n = set.size();
        if (n == 0) {
            throw new IllegalArgumentException("the trace set is empty: there is nothing to partition");
        }
        if (n > MAX_TRACES) {
            throw new IllegalArgumentException("the trace set has " + n + " distinct traces, more than the "
                    + MAX_TRACES + " the exact partition accepts; analyse a uniform sample instead");
        }
        PackedLayout layout = set.layout();
        int angels = set.angels();
        double logTraces = Math.log(n);
        List<Block> blocks = new ArrayList<>();
        boolean[] remaining = new boolean[angels];
        PackedRows work = set.rows();
        long[] varying = varyingBits(work);
        for (int a = 0; a < angels; a++) {
            remaining[a] = (varying[layout.word(a)] & layout.bits(a)) != 0;
            if (!remaining[a]) blocks.add(new Block(List.of(a), 1, 0));
        }
        for (int a = first(remaining); a >= 0; a = first(remaining)) {
            boolean[] inBlock = new boolean[angels];
            inBlock[a] = true;
            while (true) {
                boolean[] rest = new boolean[angels];
                for (int b = 0; b < angels; b++) rest[b] = remaining[b] && !inBlock[b];
                if (first(rest) < 0) {
                    blocks.add(block(inBlock, work.size(), logTraces));
                    remaining = rest;
                    break;
                }
                long[] restMask = layout.mask(rest);
                ProjectionTable heads = ProjectionTable.of(work, layout.mask(inBlock), 64);
                if (everyHeadHasAsManyTraces(heads, work.size())) {
                    ProjectionTable tails = ProjectionTable.of(work, restMask, work.size());
                    if ((long) heads.size() * tails.size() == work.size()) {
                        blocks.add(block(inBlock, heads.size(), logTraces));
                        remaining = rest;
                        work = tails.rows();
                        break;
                    }
                }
                markDifference(work, heads, restMask, layout, rest, inBlock);
            }
        }
        blocks.sort(Comparator.comparing(b -> b.angels().get(0)));
        return new Partition(n, blocks);
    }

    /**
     * Finds a head h and a missing tail t, and adds to {@code inBlock} the angels of {@code rest} where t
     * differs from the nearest tail that occurs with h.
     */
    private static void markDifference(PackedRows work, ProjectionTable heads, long[] restMask, PackedLayout layout,
                                       boolean[] rest, boolean[] inBlock) {
        int w = work.words();
        int head = 0;
        for (int k = 1; k < heads.size(); k++) {
            if (heads.count(k) < heads.count(head)) head = k;
        }
        long[] headKey = heads.keyData();
        long[] headMask = layout.mask(inBlock);
        ProjectionTable ownTails = new ProjectionTable(w, restMask, heads.count(head));
        long[] data = work.data();
        for (int r = 0; r < work.size(); r++) {
            boolean same = true;
            for (int j = 0; j < w && same; j++) same = (data[r * w + j] & headMask[j]) == headKey[head * w + j];
            if (same) ownTails.add(data, r * w);
        }
        int missingRow = 0;
        while (ownTails.find(data, missingRow * w) >= 0) missingRow++;
        long[] missingTail = new long[w];
        for (int j = 0; j < w; j++) missingTail[j] = data[missingRow * w + j] & restMask[j];
        long[] own = ownTails.keyData();
        int nearest = -1;
        int best = Integer.MAX_VALUE;
        for (int k = 0; k < ownTails.size(); k++) {
            int distance = 0;
            for (int j = 0; j < w; j++) distance += Long.bitCount(own[k * w + j] ^ missingTail[j]);
            if (distance < best) {
                best = distance;
                nearest = k;
            }
        }
        for (int b = 0; b < rest.length; b++) {
            if (rest[b] && layout.get(own, nearest * w, b) != layout.get(missingTail, 0, b)) inBlock[b] = true;
        }
    }

    /** A valid split gives every head all tails; unequal counts refute it without counting the tails. */
    private static boolean everyHeadHasAsManyTraces(ProjectionTable heads, int traces) {
        if (traces % heads.size() != 0) return false;
        int each = traces / heads.size();
        for (int k = 0; k < heads.size(); k++) {
            if (heads.count(k) != each) return false;
        }
        return true;
    }

    private static Block block(boolean[] member, int combinations, double logTraces) {
        List<Integer> angels = new ArrayList<>();
        for (int a = 0; a < member.length; a++) {
            if (member[a]) angels.add(a);
        }
        double share = logTraces == 0 ? 0 : Math.log(combinations) / logTraces;
        return new Block(angels, combinations, share);
    }

    private static long[] varyingBits(PackedRows rows) {
        int w = rows.words();
        long[] or = new long[w];
        long[] and = new long[w];
        java.util.Arrays.fill(and, -1L);
        long[] data = rows.data();
        for (int r = 0; r < rows.size(); r++) {
            for (int j = 0; j < w; j++) {
                or[j] |= data[r * w + j];
                and[j] &= data[r * w + j];
            }
        }
        for (int j = 0; j < w; j++) or[j] ^= and[j];
        return or;
    }

    private static int first(boolean[] flags) {
        for (int i = 0; i < flags.length; i++) {
            if (flags[i]) return i;
        }
        return -1;
    }
}

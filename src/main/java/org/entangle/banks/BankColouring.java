package org.entangle.banks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * A bank-conflict-free layout as a constrained graph colouring (the talk's synthesised "injective
 * reordering functions"): every index 0..n−1 gets a bank (the colour) such that the indices of one warp access
 * (a group) get distinct banks, and no bank gets more indices than it has slots among 0..footprint−1 under the
 * {@link BankModel}. Within a bank, indices take its slots in increasing order, so the result is injective.
 *
 * <p>Two phases: a start — the banks of a given layout ({@link ProgramBanks#search} passes the level swizzle's), or
 * a greedy colouring in DSATUR order
 * (Brélaz 1979: the index with the most distinct banks among its group-mates coloured so far first, then the one
 * in most groups), each index taking the allowed bank where it conflicts least, then the emptiest — and a
 * min-conflicts local search (Minton et al. 1992) with tabu moves and a fixed seed: take a random index that
 * shares its bank with a group-mate, consider the banks where it would conflict least, and move it to a free slot
 * there or swap it with the index there for which the swap changes the number of conflicting pairs least (exact,
 * counting the groups the two share); the two moved indices stay put for a random 8..15 moves (tabu). The best
 * layout seen is returned.
 */
public final class BankColouring {

    /**
     * The outcome.
     *
     * @param remap     the layout
     * @param conflicts pairs of indices in one group and one bank that remain (0: conflict-free)
     * @param moves     local-search moves made
     * @param seed      the local search's seed
     */
    public record Result(TableRemap remap, long conflicts, long moves, long seed) {
    }

    private static final int TENURE = 8;

    private final int n;
    private final int banks;
    private final int[][] groupsOf;
    private final List<int[]> groups;
    private final int[][] slotsOfBank;
    private final int[] bank;
    private final int[][] mates;
    private final List<List<Integer>> members = new ArrayList<>();
    private final int[] conflictedAt;
    private final int[] conflicted;
    private int conflictedCount;
    private long total;

    private BankColouring(int n, List<int[]> groups, BankModel model, int footprint) {
        this.n = n;
        this.banks = model.banks();
        this.groups = groups;
        int[] memberships = new int[n];
        for (int[] g : groups) for (int i : g) memberships[i]++;
        groupsOf = new int[n][];
        for (int i = 0; i < n; i++) groupsOf[i] = new int[memberships[i]];
        Arrays.fill(memberships, 0);
        for (int g = 0; g < groups.size(); g++) for (int i : groups.get(g)) groupsOf[i][memberships[i]++] = g;
        int[] capacity = new int[banks];
        for (int s = 0; s < footprint; s++) capacity[model.bankOf(s)]++;
        slotsOfBank = new int[banks][];
        for (int b = 0; b < banks; b++) slotsOfBank[b] = new int[capacity[b]];
        Arrays.fill(capacity, 0);
        for (int s = 0; s < footprint; s++) slotsOfBank[model.bankOf(s)][capacity[model.bankOf(s)]++] = s;
        for (int b = 0; b < banks; b++) members.add(new ArrayList<>());
        bank = new int[n];
        Arrays.fill(bank, -1);
        mates = new int[n][banks];
        conflictedAt = new int[n];
        Arrays.fill(conflictedAt, -1);
        conflicted = new int[n];
    }

    /**
     * A layout of indices 0..n−1 in {@code footprint} ≥ n slots in which every group (the distinct indices of one
     * warp access, each in 0..n−1) has distinct banks, or as few shared banks as {@code maxMoves} moves reach.
     */
    public static Result colour(int n, List<int[]> groups, BankModel model, int footprint, long seed, long maxMoves) {
        return colour(n, groups, model, footprint, seed, maxMoves, null);
    }

    /**
     * {@link #colour(int, List, BankModel, int, long, long)} starting the local search from the banks of
     * {@code start} where they fit the banks' slots (a layout need not be injective to give its banks: the rows
     * are reassigned), else from the greedy colouring; null starts greedily.
     */
    public static Result colour(int n, List<int[]> groups, BankModel model, int footprint, long seed, long maxMoves, IndexRemap start) {
        if (footprint < n) throw new IllegalArgumentException("footprint " + footprint + " < " + n + " indices");
        BankColouring c = new BankColouring(n, groups, model, footprint);
        int[] banks = start == null ? null : c.banksOf(start, model);
        if (banks != null) c.restore(banks);
        else c.greedy();
        long moves = c.localSearch(new Random(seed), maxMoves);
        return new Result(c.table(), c.pairConflicts(), moves, seed);
    }

    /** The banks {@code layout} gives indices 0..n−1, or null when some bank gets more indices than it has slots. */
    private int[] banksOf(IndexRemap layout, BankModel model) {
        int[] banks = new int[n];
        int[] load = new int[this.banks];
        for (int i = 0; i < n; i++) {
            banks[i] = model.bankOf(layout.map(i));
            if (++load[banks[i]] > slotsOfBank[banks[i]].length) return null;
        }
        return banks;
    }

    private void greedy() {
        int[] saturation = new int[n];
        TreeSet<Integer> queue = new TreeSet<>((a, b) -> saturation[a] != saturation[b] ? Integer.compare(saturation[b], saturation[a])
                : groupsOf[a].length != groupsOf[b].length ? Integer.compare(groupsOf[b].length, groupsOf[a].length) : Integer.compare(a, b));
        for (int i = 0; i < n; i++) queue.add(i);
        while (!queue.isEmpty()) {
            int u = queue.pollFirst();
            int best = -1;
            for (int b = 0; b < banks; b++) {
                if (members.get(b).size() >= slotsOfBank[b].length) continue;
                if (best < 0 || mates[u][b] < mates[u][best]
                        || mates[u][b] == mates[u][best] && members.get(b).size() < members.get(best).size()) best = b;
            }
            bank[u] = best;
            members.get(best).add(u);
            for (int g : groupsOf[u]) {
                for (int v : groups.get(g)) {
                    if (v == u) continue;
                    boolean fresh = bank[v] < 0 && mates[v][best] == 0;
                    if (fresh) queue.remove(v);
                    mates[v][best]++;
                    if (fresh) {
                        saturation[v]++;
                        queue.add(v);
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            updateConflicted(i);
            total += mates[i][bank[i]];
        }
    }

    private long localSearch(Random random, long maxMoves) {
        int[] tabuUntil = new int[n];
        int[] stamp = new int[n];
        int[] shared = new int[n];
        int[] best = bank.clone();
        long bestTotal = total;
        long moves = 0;
        while (conflictedCount > 0 && moves < maxMoves) {
            moves++;
            int u = conflicted[random.nextInt(conflictedCount)];
            for (int tries = 0; tries < 4 && tabuUntil[u] > moves; tries++) u = conflicted[random.nextInt(conflictedCount)];
            int from = bank[u];
            for (int g : groupsOf[u]) {
                for (int w : groups.get(g)) {
                    if (stamp[w] != moves) {
                        stamp[w] = (int) moves;
                        shared[w] = 0;
                    }
                    shared[w]++;
                }
            }
            int fewest = Integer.MAX_VALUE;
            for (int b = 0; b < banks; b++) if (b != from && slotsOfBank[b].length > 0) fewest = Math.min(fewest, mates[u][b]);
            int bestV = -1;
            int bestTo = -1;
            int bestDelta = Integer.MAX_VALUE;
            int ties = 0;
            for (int b = 0; b < banks; b++) {
                if (b == from || slotsOfBank[b].length == 0 || mates[u][b] != fewest) continue;
                if (members.get(b).size() < slotsOfBank[b].length) {
                    int delta = mates[u][b] - mates[u][from];
                    if (delta < bestDelta || delta == bestDelta && random.nextInt(++ties) == 0) {
                        if (delta < bestDelta) ties = 1;
                        bestDelta = delta;
                        bestTo = b;
                        bestV = -1;
                    }
                    continue;
                }
                for (int v : members.get(b)) {
                    if (tabuUntil[v] > moves) continue;
                    int sh = stamp[v] == moves ? shared[v] : 0;
                    int delta = mates[u][b] - mates[u][from] + mates[v][from] - mates[v][b] - 2 * sh;
                    if (delta < bestDelta || delta == bestDelta && random.nextInt(++ties) == 0) {
                        if (delta < bestDelta) ties = 1;
                        bestDelta = delta;
                        bestTo = b;
                        bestV = v;
                    }
                }
            }
            if (bestTo < 0) continue;
            move(u, bestTo);
            tabuUntil[u] = (int) moves + TENURE + random.nextInt(TENURE);
            if (bestV >= 0) {
                move(bestV, from);
                tabuUntil[bestV] = (int) moves + TENURE + random.nextInt(TENURE);
            }
            if (total < bestTotal) {
                bestTotal = total;
                System.arraycopy(bank, 0, best, 0, n);
            }
        }
        if (total > bestTotal) restore(best);
        return moves;
    }

    private void restore(int[] assignment) {
        for (int i = 0; i < n; i++) if (bank[i] >= 0 && bank[i] != assignment[i]) members.get(bank[i]).remove(Integer.valueOf(i));
        for (int i = 0; i < n; i++) {
            if (bank[i] != assignment[i]) {
                members.get(assignment[i]).add(i);
                bank[i] = assignment[i];
            }
        }
        total = 0;
        for (int[] row : mates) Arrays.fill(row, 0);
        for (int[] g : groups) for (int u : g) for (int v : g) if (u != v) mates[v][bank[u]]++;
        for (int i = 0; i < n; i++) {
            total += mates[i][bank[i]];
            updateConflicted(i);
        }
    }

    private void move(int u, int to) {
        int from = bank[u];
        total += 2L * (mates[u][to] - mates[u][from]);
        members.get(from).remove(Integer.valueOf(u));
        members.get(to).add(u);
        bank[u] = to;
        for (int g : groupsOf[u]) {
            for (int v : groups.get(g)) {
                if (v == u) continue;
                mates[v][from]--;
                mates[v][to]++;
                updateConflicted(v);
            }
        }
        updateConflicted(u);
    }

    private void updateConflicted(int i) {
        boolean is = mates[i][bank[i]] > 0;
        if (is && conflictedAt[i] < 0) {
            conflictedAt[i] = conflictedCount;
            conflicted[conflictedCount++] = i;
        } else if (!is && conflictedAt[i] >= 0) {
            int last = conflicted[--conflictedCount];
            conflicted[conflictedAt[i]] = last;
            conflictedAt[last] = conflictedAt[i];
            conflictedAt[i] = -1;
        }
    }

    private long pairConflicts() {
        return total / 2;
    }

    private TableRemap table() {
        int[] slots = new int[n];
        for (int b = 0; b < banks; b++) {
            List<Integer> m = new ArrayList<>(members.get(b));
            m.sort(null);
            for (int k = 0; k < m.size(); k++) slots[m.get(k)] = slotsOfBank[b][k];
        }
        return new TableRemap(slots);
    }
}

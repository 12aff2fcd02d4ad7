package org.entangle.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The ranking of one setting: every contender that passed, fastest first (ties broken by size, then by id, so the
 * order is reproducible and the first network is on the front), each with its time relative to the best classic
 * family and to the best library algorithm, and whether it lies on the Pareto front of (GPU time, size) or of
 * (GPU time, depth): no other passed candidate is at least as good in both and better in one. Failed contenders
 * are listed apart; they never stop a ranking.
 *
 * @param setting      the setting ranked
 * @param rows         the passed contenders, fastest first
 * @param failed       the failed contenders
 * @param bestClassic  the fastest classic family (null when none passed)
 * @param bestLibrary  the fastest library algorithm, the memory bound not counted (null when none passed)
 * @param bestOracle   the fastest oracle-chosen network (null when none passed)
 */
public record Ranking(Setting setting, List<Row> rows, List<Entry> failed, Entry bestClassic, Entry bestLibrary, Entry bestOracle) {

    /**
     * One ranked contender.
     *
     * @param rank         1 for the fastest
     * @param entry        the contender
     * @param vsClassic    time over the best classic family's (below 1: faster); NaN without one
     * @param vsLibrary    time over the best library algorithm's; NaN without one
     * @param paretoSize   on the front of (time, size) among the candidates
     * @param paretoDepth  on the front of (time, depth) among the candidates
     */
    public record Row(int rank, Entry entry, double vsClassic, double vsLibrary, boolean paretoSize, boolean paretoDepth) {
    }

    /** Ranks a setting. */
    public static Ranking of(Setting setting) {
        List<Entry> passed = new ArrayList<>();
        List<Entry> failed = new ArrayList<>();
        for (Entry e : setting.entries()) (e.passed() ? passed : failed).add(e);
        passed.sort(Comparator.comparingDouble(Entry::time).thenComparingInt(Entry::size).thenComparing(Entry::id));
        Entry classic = first(passed, Entry::classic);
        Entry library = first(passed, e -> e.library() && !e.bound());
        Entry oracle = first(passed, Entry::oracleChosen);
        List<Entry> networks = passed.stream().filter(e -> !e.library()).toList();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < passed.size(); i++) {
            Entry e = passed.get(i);
            rows.add(new Row(i + 1, e, ratio(e, classic), ratio(e, library),
                    !e.library() && onFront(e, networks, Entry::size), !e.library() && onFront(e, networks, Entry::depth)));
        }
        return new Ranking(setting, List.copyOf(rows), List.copyOf(failed), classic, library, oracle);
    }

    private static Entry first(List<Entry> sorted, java.util.function.Predicate<Entry> which) {
        for (Entry e : sorted) {
            if (which.test(e)) return e;
        }
        return null;
    }

    private static double ratio(Entry e, Entry reference) {
        return reference == null ? Double.NaN : e.time() / reference.time();
    }

    /** Whether no other entry is at least as fast and at least as small in {@code measure}, and better in one. */
    static boolean onFront(Entry e, List<Entry> all, ToIntFunction<Entry> measure) {
        for (Entry o : all) {
            if (o == e) continue;
            boolean noWorse = o.time() <= e.time() && measure.applyAsInt(o) <= measure.applyAsInt(e);
            boolean better = o.time() < e.time() || measure.applyAsInt(o) < measure.applyAsInt(e);
            if (noWorse && better) return false;
        }
        return true;
    }

    /** The candidates on the (time, size) front, fastest first. */
    public List<Entry> sizeFront() {
        return rows.stream().filter(Row::paretoSize).map(Row::entry).toList();
    }

    /** The candidates on the (time, depth) front, fastest first. */
    public List<Entry> depthFront() {
        return rows.stream().filter(Row::paretoDepth).map(Row::entry).toList();
    }

    /** The row of {@code id}, or null. */
    public Row row(String id) {
        for (Row r : rows) {
            if (r.entry().id().equals(id)) return r;
        }
        return null;
    }
}

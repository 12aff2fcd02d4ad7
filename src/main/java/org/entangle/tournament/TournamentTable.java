package org.entangle.tournament;

import java.util.Locale;

/**
 * The ranking of a setting as a text table: rank, id, origin, time, time relative to the best classic family and to
 * the best library algorithm, size, depth, steps, max fan-out, bank-conflict cycles, registers, and the Pareto marks
 * ({@code s}: on the (time, size) front, {@code d}: on the (time, depth) front); then the failed contenders with
 * their reasons and the summary lines of {@link #summary(Ranking)}.
 */
public final class TournamentTable {

    private TournamentTable() {
    }

    /** The table of {@code ranking}, at most {@code limit} ranked rows (the best classic, library and oracle rows always). */
    public static String render(Ranking ranking, int limit) {
        StringBuilder sb = new StringBuilder();
        Setting s = ranking.setting();
        sb.append("## ").append(s.title()).append('\n');
        if (s.note() != null) sb.append("note: ").append(s.note()).append('\n');
        sb.append(String.format(Locale.ROOT, "%4s  %-40s %-10s %12s %9s %9s %5s %5s %5s %6s %6s %4s %6s%n",
                "rank", "id", "origin", "time", "vs class.", "vs CUB", "size", "depth", "steps", "fanout", "banks", "regs", "pareto"));
        for (Ranking.Row r : ranking.rows()) {
            Entry e = r.entry();
            boolean marked = e == ranking.bestClassic() || e == ranking.bestLibrary() || e == ranking.bestOracle();
            if (r.rank() > limit && !marked) continue;
            String pareto = (r.paretoSize() ? "s" : "") + (r.paretoDepth() ? "d" : "");
            String origin = e.library() ? "library" : e.origin().token();
            sb.append(String.format(Locale.ROOT, "%4d  %-40s %-10s %12s %9s %9s %5s %5s %5s %6s %6s %4s %6s%n",
                    r.rank(), abbreviate(e.id(), 40), origin, number(e.time()), ratio(r.vsClassic()), ratio(r.vsLibrary()),
                    measure(e, e.size()), measure(e, e.depth()), measure(e, e.steps()), measure(e, e.maxFanout()),
                    e.library() ? "-" : Long.toString(e.bankConflicts()), e.registers() < 0 ? "?" : Integer.toString(e.registers()), pareto));
        }
        for (Entry e : ranking.failed()) {
            sb.append("FAILED ").append(e.id()).append(": ").append(firstLine(e.failure())).append('\n');
        }
        sb.append(summary(ranking));
        return sb.toString();
    }

    /** The answer lines: the best oracle-chosen network against the best classic family and the best library algorithm. */
    public static String summary(Ranking ranking) {
        StringBuilder sb = new StringBuilder();
        Entry oracle = ranking.bestOracle();
        Entry classic = ranking.bestClassic();
        Entry library = ranking.bestLibrary();
        long passed = ranking.rows().stream().filter(r -> !r.entry().library()).count();
        sb.append(String.format(Locale.ROOT, "candidates: %d passed and timed, %d failed%n", passed,
                ranking.failed().stream().filter(e -> !e.library()).count()));
        if (classic != null) sb.append("best classic: ").append(classic.id()).append(' ').append(number(classic.time())).append('\n');
        if (library != null) sb.append("best library: ").append(library.id()).append(' ').append(number(library.time())).append('\n');
        if (oracle != null) {
            sb.append("best oracle-chosen: ").append(oracle.id()).append(' ').append(number(oracle.time()));
            if (classic != null) sb.append(", ").append(verdict(oracle.time(), classic.time(), "the best classic"));
            if (library != null) sb.append(", ").append(verdict(oracle.time(), library.time(), "the best library algorithm"));
            sb.append('\n');
        }
        return sb.toString();
    }

    /** "3.1 % faster than X" or "2.0 % slower than X". */
    static String verdict(double time, double reference, String what) {
        double percent = 100 * (reference - time) / reference;
        return String.format(Locale.ROOT, "%.1f %% %s than %s", Math.abs(percent), percent > 0 ? "faster" : "slower", what);
    }

    private static String measure(Entry e, int value) {
        return e.library() ? "-" : Integer.toString(value);
    }

    static String number(double v) {
        if (Double.isNaN(v)) return "-";
        return v >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.4g", v);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " …";
    }
}

package org.entangle.entanglement.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.entangle.entanglement.AngelChoices;
import org.entangle.entanglement.AngelDomain;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.AngelChoice;
import org.entangle.lang.Machine;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.work.CancellationToken;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;

/**
 * Feeds the oracle's safe traces straight into a {@link TraceSet} (no CSV round trip), for the entanglement
 * analysis of a program (Torlak and Barman, Onward! 2015): one angel per dynamic angel name, ⊥ where an angel did not
 * execute, and each trace's network kept, so that the functional view and block-coloured diagrams work from a program
 * too.
 */
public final class ProgramTraceSets {

    /** A dynamic angel's name: {@code !!@line:column} and the values of its loop variables, {@code [step=3,r=7]}. */
    private static final Pattern ANGEL_NAME = Pattern.compile("!!@(\\d+):(\\d+)(?:\\[(.*)])?");

    /** The traces kept, as a trace set, and the oracle traces in the same order (for op attribution). */
    public record Collected(TraceSet set, List<Trace> traces, List<String> angelNames) {
    }

    private ProgramTraceSets() {
    }

    /**
     * Enumerates the program's safe traces, keeps those whose network {@code keep} accepts, at most
     * {@code limit} of them, and builds the trace set.
     */
    public static Collected collect(Machine machine, Predicate<Network> keep, int limit, CancellationToken cancel) {
        List<Trace> kept = new ArrayList<>();
        new TraceEnumerator(new TraceCounter(machine, cancel), false, cancel, progress -> { }).run(trace -> {
            if (keep.test(trace.network())) kept.add(trace);
            return kept.size() < limit;
        });
        return of(kept);
    }

    /**
     * The trace set of traces the oracle produced (enumerated, sampled or filtered by the caller), in their order:
     * one angel per dynamic angel name (sorted by name), its domain the integers it took, ⊥ where it did not run.
     */
    public static Collected of(List<Trace> kept) {
        Map<String, int[]> ranges = new LinkedHashMap<>();
        for (Trace t : kept) {
            for (AngelChoice c : t.choices()) {
                int[] r = ranges.computeIfAbsent(c.name(), n -> new int[] {c.value(), c.value()});
                r[0] = Math.min(r[0], c.value());
                r[1] = Math.max(r[1], c.value());
            }
        }
        List<String> names = new ArrayList<>(new TreeMap<>(ranges).keySet());
        List<AngelDomain> domains = new ArrayList<>();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (String name : names) {
            int[] r = ranges.get(name);
            index.put(name, domains.size());
            domains.add(AngelDomain.ofIntegers(name, r[0], r[1]));
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        for (Trace t : kept) {
            int[] codes = new int[names.size()];
            for (AngelChoice c : t.choices()) {
                int a = index.get(c.name());
                codes[a] = domains.get(a).codeOfInteger(c.value());
            }
            builder.add(codes, t.network());
        }
        return new Collected(builder.build(), kept, names);
    }

    /**
     * Which op each angel of one trace chose, for programs shaped like the talk's: an integer angel evaluated in
     * loop iteration (step = s, lane = r) chose the op that writes wire r in the network step that iteration
     * produced (iterations in which no lane wrote produce no step). Angels whose op cannot be found this way are
     * left out, so their ops stay uncoloured rather than wrongly coloured.
     */
    public static AngelChoices choicesOf(Trace trace, List<String> angelNames) {
        List<Chosen> chosen = new ArrayList<>();
        for (AngelChoice c : trace.choices()) chosen.add(new Chosen(c.name(), c.site().bool(), c.loopValues()));
        return choicesOf(chosen, trace.network(), angelNames);
    }

    /**
     * {@link #choicesOf(Trace, List)} for row {@code row} of a trace set read back (a saved workspace's), whose angels
     * carry the program's names ({@code !!@6:9[step=3,r=7]}: the site and the loop values): the angels that ran (not
     * ⊥) are the choices, and one is boolean when {@code program}'s text has no {@code (} after the {@code !!} at its
     * site. Names of another form, and rows without a network, choose nothing.
     */
    public static AngelChoices choicesOf(TraceSet set, int row, String program) {
        String[] lines = program.split("\n", -1);
        List<Chosen> chosen = new ArrayList<>();
        for (int a = 0; a < set.angels(); a++) {
            Matcher name = ANGEL_NAME.matcher(set.names().get(a));
            if (set.token(row, a).equals(AngelDomain.BOTTOM) || !name.matches()) continue;
            int line = Integer.parseInt(name.group(1));
            int column = Integer.parseInt(name.group(2));
            String[] loops = name.group(3) == null ? new String[0] : name.group(3).split(",");
            int[] values = new int[loops.length];
            for (int i = 0; i < loops.length; i++) values[i] = Integer.parseInt(loops[i].substring(loops[i].indexOf('=') + 1));
            boolean bool = line > lines.length || column + 1 > lines[line - 1].length()
                    || !lines[line - 1].substring(column + 1).stripLeading().startsWith("(");
            chosen.add(new Chosen(set.names().get(a), bool, values));
        }
        Network network = set.network(row).orElse(null);
        return network == null ? new AngelChoices.Builder().build() : choicesOf(chosen, network, set.names());
    }

    /** One angel's choice as the attribution reads it: its name, whether it is boolean, its loop values. */
    private record Chosen(String name, boolean bool, int[] loops) {
    }

    private static AngelChoices choicesOf(List<Chosen> choices, Network network, List<String> angelNames) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < angelNames.size(); i++) index.put(angelNames.get(i), i);
        TreeMap<Integer, List<Chosen>> byIteration = new TreeMap<>();
        for (Chosen c : choices) {
            if (c.loops().length < 2) continue;
            byIteration.computeIfAbsent(c.loops()[0], k -> new ArrayList<>()).add(c);
        }
        AngelChoices.Builder builder = new AngelChoices.Builder();
        int step = 0;
        for (List<Chosen> iteration : byIteration.values()) {
            boolean wrote = iteration.stream().anyMatch(c -> !c.bool());
            if (!wrote) continue;
            if (step >= network.stepCount()) break;
            List<Op> ops = network.step(step).ops();
            for (Chosen c : iteration) {
                if (c.bool() || !index.containsKey(c.name())) continue;
                int lane = c.loops()[c.loops().length - 1];
                for (int k = 0; k < ops.size(); k++) {
                    if (ops.get(k).dst() == lane) builder.chose(index.get(c.name()), step, k);
                }
            }
            step++;
        }
        return builder.build();
    }
}

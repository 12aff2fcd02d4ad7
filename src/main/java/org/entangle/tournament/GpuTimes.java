package org.entangle.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Network;

/**
 * The GPU times of a tournament's block-scan settings by network, for browsing: every candidate that passed, with
 * its time and its place in its setting (0 for the fastest, 1 for the slowest), found by network (networks are
 * equal when they compute the same ops in the same steps, whatever their names).
 */
public final class GpuTimes {

    /** One network's figures. */
    public record Time(double time, String unit, double place) {
    }

    private final List<Network> networks = new ArrayList<>();
    private final Map<Network, Time> times = new HashMap<>();

    private GpuTimes() {
    }

    /** The block settings' passed candidates of {@code result}. */
    public static GpuTimes of(TournamentResult result) {
        GpuTimes t = new GpuTimes();
        for (Setting s : result.settings()) {
            if (!s.name().equals("block")) continue;
            List<Entry> ranked = Ranking.of(s).rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).toList();
            for (int i = 0; i < ranked.size(); i++) {
                Network n = WinnerReport.network(ranked.get(i));
                if (t.times.containsKey(n)) continue;
                t.networks.add(n);
                t.times.put(n, new Time(ranked.get(i).time(), s.unit(), ranked.size() == 1 ? 0 : (double) i / (ranked.size() - 1)));
            }
        }
        return t;
    }

    /** The networks, fastest first within each setting. */
    public List<Network> networks() {
        return List.copyOf(networks);
    }

    /** The network's figures, or null when it was not timed. */
    public Time of(Network network) {
        return times.get(network);
    }
}

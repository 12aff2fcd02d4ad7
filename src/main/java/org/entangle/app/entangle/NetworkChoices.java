package org.entangle.app.entangle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.entangle.entanglement.AngelChoices;
import org.entangle.entanglement.AngelDomain;
import org.entangle.entanglement.TraceSet;
import org.entangle.network.Network;
import org.entangle.network.Op;

/**
 * The raw trace set of a list of networks, read as the choices of the talk's scan program (seed 002): at each step
 * every wire's angel picks what the wire does — nothing ("·") or an op with a source ("c3" combines wire 3 into
 * it; other kinds carry their name). Angel "s2.w5" is step 2, wire 5; angels that never pick an op in any network
 * are left out. Each trace carries its network, so the functional view and the block colouring can follow.
 */
public final class NetworkChoices {

    /** The token of a step where the wire does nothing. */
    public static final String NOTHING = "·";

    private NetworkChoices() {
    }

    /** One trace per network, over the angels that choose an op in at least one of them. */
    public static TraceSet traces(List<Network> networks) {
        Map<String, TreeSet<String>> tokens = new LinkedHashMap<>();
        List<Map<String, String>> rows = new ArrayList<>();
        for (Network n : networks) {
            Map<String, String> row = new LinkedHashMap<>();
            for (int s = 0; s < n.stepCount(); s++) {
                for (Op op : n.step(s).ops()) {
                    String name = angel(s, op.dst());
                    row.put(name, token(op));
                    tokens.computeIfAbsent(name, k -> new TreeSet<>()).add(token(op));
                }
            }
            rows.add(row);
        }
        List<String> names = new ArrayList<>(tokens.keySet());
        names.sort(NetworkChoices::byStepThenWire);
        List<AngelDomain> domains = new ArrayList<>();
        for (String name : names) {
            List<String> values = new ArrayList<>(List.of(NOTHING));
            values.addAll(tokens.get(name));
            domains.add(new AngelDomain(name, values));
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        for (int t = 0; t < networks.size(); t++) {
            int[] codes = new int[names.size()];
            for (int a = 0; a < names.size(); a++) {
                codes[a] = domains.get(a).code(rows.get(t).getOrDefault(names.get(a), NOTHING));
            }
            builder.add(codes, networks.get(t));
        }
        return builder.build();
    }

    /** Which op each angel of {@code set} chose in {@code network}, for {@code BlockColours.opGroups}. */
    public static AngelChoices choices(Network network, TraceSet set) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int a = 0; a < set.angels(); a++) index.put(set.domain(a).name(), a);
        AngelChoices.Builder builder = new AngelChoices.Builder();
        for (int s = 0; s < network.stepCount(); s++) {
            List<Op> ops = network.step(s).ops();
            for (int i = 0; i < ops.size(); i++) {
                Integer angel = index.get(angel(s, ops.get(i).dst()));
                if (angel != null) builder.chose(angel, s, i);
            }
        }
        return builder.build();
    }

    static String angel(int step, int wire) {
        return "s" + step + ".w" + wire;
    }

    private static String token(Op op) {
        return switch (op.kind()) {
            case COMBINE -> "c" + op.src();
            case SWAP_COMBINE -> "x" + op.src();
            case COPY -> "m" + op.src();
            case IDENTITY -> "id";
        };
    }

    private static int byStepThenWire(String a, String b) {
        String[] pa = a.substring(1).split("\\.w");
        String[] pb = b.substring(1).split("\\.w");
        int c = Integer.compare(Integer.parseInt(pa[0]), Integer.parseInt(pb[0]));
        return c != 0 ? c : Integer.compare(Integer.parseInt(pa[1]), Integer.parseInt(pb[1]));
    }
}

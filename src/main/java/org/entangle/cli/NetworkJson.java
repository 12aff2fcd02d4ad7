package org.entangle.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.Step;

/**
 * The compact JSON shape of a combine-only network used by the search commands:
 * {@code {"width": n, "model": "...", "steps": [[[dst, src], …], …]}}, where an op that reads an older value of
 * its source (circuit model) is written {@code [dst, src, "combine", srcStep]} ({@code srcStep} −1: the input).
 */
public final class NetworkJson {

    private NetworkJson() {
    }

    /** The network as nested maps and lists, ready for Jackson. */
    public static Map<String, Object> of(Network network) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("width", network.width());
        json.put("model", network.model().token());
        List<List<List<Object>>> steps = new ArrayList<>();
        for (Step step : network.steps()) {
            List<List<Object>> ops = new ArrayList<>();
            for (Op op : step.ops()) {
                List<Object> entry = new ArrayList<>(List.of(op.dst(), op.src()));
                if (op.kind() != OpKind.COMBINE || op.readsOlderValue()) {
                    entry.add(op.kind().token());
                    if (op.readsOlderValue()) entry.add(op.srcStep());
                }
                ops.add(entry);
            }
            steps.add(ops);
        }
        json.put("steps", steps);
        return json;
    }

    /** One line per step: {@code step k: dst<-src …} (older reads as {@code dst<-src@step}). */
    public static String text(Network network) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < network.stepCount(); s++) {
            sb.append("  step ").append(s).append(':');
            for (Op op : network.step(s).ops()) sb.append(' ').append(op);
            sb.append('\n');
        }
        return sb.toString();
    }
}

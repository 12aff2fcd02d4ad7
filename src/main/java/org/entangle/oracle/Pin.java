package org.entangle.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * A pinned intermediate state (the talk's original Scan6 experiments pinned the middle state to
 * Brent–Kung's up-sweep): after step {@code afterStep}, wire i must hold the range [lo_i, hi_i] of inputs.
 *
 * @param afterStep the 1-based step after which the state is checked
 * @param lo        the first input of each wire's range
 * @param hi        the last input of each wire's range
 */
public record Pin(int afterStep, int[] lo, int[] hi) {

    /**
     * Parses {@code STEP:lo-hi,lo-hi,...} (a single number {@code i} stands for {@code i-i}), e.g.
     * {@code 3:0-0,0-1,2-2,0-3,4-4,4-5,6-6,0-7}.
     */
    public static Pin parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException("a pin is STEP:lo-hi,lo-hi,... , got '" + text + "'");
        int step = Integer.parseInt(text.substring(0, colon).trim());
        String[] parts = text.substring(colon + 1).split(",");
        int[] lo = new int[parts.length];
        int[] hi = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] r = parts[i].trim().split("-");
            lo[i] = Integer.parseInt(r[0].trim());
            hi[i] = Integer.parseInt(r[r.length - 1].trim());
        }
        return new Pin(step, lo, hi);
    }

    /**
     * Brent–Kung's up-sweep state for n wires (n a power of two), reached after log2 n steps: wire i holds
     * [i + 1 − lowbit(i + 1), i], where lowbit is the lowest set bit.
     */
    public static Pin brentKungUpSweep(int n, int afterStep) {
        int[] lo = new int[n];
        int[] hi = new int[n];
        for (int i = 0; i < n; i++) {
            lo[i] = i + 1 - Integer.lowestOneBit(i + 1);
            hi[i] = i;
        }
        return new Pin(afterStep, lo, hi);
    }

    /** The {@code STEP:lo-hi,...} form. */
    public String format() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < lo.length; i++) parts.add(lo[i] == hi[i] ? Integer.toString(lo[i]) : lo[i] + "-" + hi[i]);
        return afterStep + ":" + String.join(",", parts);
    }
}

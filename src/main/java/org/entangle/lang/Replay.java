package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Enumerates every sequence of angel values of one atomic piece of execution by re-running it (the classic
 * re-execution strategy of angelic interpreters): each run follows the recorded prefix and extends it with the
 * smallest value; {@link #next()} advances the last choice that has a larger value left.
 */
final class Replay {

    private int[] values = new int[8];
    private int[] highs = new int[8];
    private AngelSite[] sites = new AngelSite[8];
    private int[][] loopValues = new int[8][];
    private int size;
    private int position;

    /** Starts the first run. */
    void reset() {
        size = 0;
        position = 0;
    }

    /** The value of the next angel of this run; an empty range fails the execution. */
    int choose(Expr angel, AngelSite site, int[] slots, int lo, int hi) {
        if (position < size) return values[position++];
        if (lo > hi) throw new ExecutionFailure(angel.at(), () -> "the angel's range " + lo + " .. " + hi + " is empty");
        if (size == values.length) grow();
        int[] loops = new int[site.loopSlots().length];
        for (int i = 0; i < loops.length; i++) loops[i] = slots[site.loopSlots()[i]];
        values[size] = lo;
        highs[size] = hi;
        sites[size] = site;
        loopValues[size] = loops;
        size++;
        position++;
        return lo;
    }

    /** Prepares the next run; false when every sequence has been tried. */
    boolean next() {
        size = position;
        while (size > 0) {
            if (values[size - 1] < highs[size - 1]) {
                values[size - 1]++;
                position = 0;
                return true;
            }
            size--;
        }
        return false;
    }

    /** The choices of the current run so far. */
    List<AngelChoice> choices() {
        if (position == 0) return List.of();
        List<AngelChoice> list = new ArrayList<>(position);
        for (int i = 0; i < position; i++) list.add(new AngelChoice(sites[i], loopValues[i], values[i]));
        return list;
    }

    private void grow() {
        int n = values.length * 2;
        values = Arrays.copyOf(values, n);
        highs = Arrays.copyOf(highs, n);
        sites = Arrays.copyOf(sites, n);
        loopValues = Arrays.copyOf(loopValues, n);
    }
}

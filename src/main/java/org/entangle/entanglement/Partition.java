package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A valid partition of a trace set's angels into blocks, T = π_B1(T) × … × π_Bk(T) (Torlak and Barman, Onward! 2015);
 * blocks are ordered by their smallest angel.
 *
 * @param traces |T|, distinct traces
 * @param blocks the blocks
 */
public record Partition(int traces, List<Block> blocks) {

    public Partition {
        blocks = List.copyOf(blocks);
    }

    /** The number of angels. */
    public int angels() {
        int k = 0;
        for (Block b : blocks) k += b.size();
        return k;
    }

    /** The blocks as lists of 0-based angel indices. */
    public List<List<Integer>> angelLists() {
        List<List<Integer>> lists = new ArrayList<>(blocks.size());
        for (Block b : blocks) lists.add(b.angels());
        return lists;
    }

    /** The index of the block holding {@code angel}. */
    public int blockOf(int angel) {
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).angels().contains(angel)) return i;
        }
        throw new IllegalArgumentException("angel " + angel + " is in no block");
    }

    /** Whether two angels are entangled, i.e. share a block. */
    public boolean entangled(int a, int b) {
        return blockOf(a) == blockOf(b);
    }

    /**
     * One line per block for people: its angels by name, its distinct value combinations (listed when there are
     * at most {@code listUpTo}) and its share of |T|.
     */
    public List<String> explain(TraceSet set, int listUpTo) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            int[] angels = b.angels().stream().mapToInt(Integer::intValue).toArray();
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "block %d: %d angel%s {", i, angels.length, angels.length == 1 ? "" : "s"));
            for (int j = 0; j < angels.length; j++) sb.append(j == 0 ? "" : ", ").append(set.domain(angels[j]).name());
            sb.append(String.format(Locale.ROOT, "}, %d combination%s, %.1f%% of log|T|", b.combinations(),
                    b.combinations() == 1 ? "" : "s", 100 * b.share()));
            if (b.combinations() <= listUpTo) {
                TraceSet projected = set.project(angels);
                List<String> combos = new ArrayList<>();
                for (int r = 0; r < projected.size(); r++) {
                    StringBuilder c = new StringBuilder("(");
                    for (int j = 0; j < angels.length; j++) c.append(j == 0 ? "" : ",").append(projected.token(r, j));
                    combos.add(c.append(')').toString());
                }
                sb.append(": ").append(String.join(" ", combos));
            }
            lines.add(sb.toString());
        }
        return lines;
    }
}

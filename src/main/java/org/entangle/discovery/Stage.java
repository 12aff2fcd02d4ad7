package org.entangle.discovery;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.oracle.Trace;

/**
 * One stage of a discovery session: the problem with the constraints added so far, its exact count of safe traces,
 * the traces the angels' partition was computed on (all of them, an exact uniform sample or a stated slice; {@link
 * #analysed()} says which) and the finest valid partitions of their raw choices and of their functional view
 * (Torlak and Barman, Onward! 2015).
 *
 * @param spec                the problem and its constraints
 * @param count               the number of safe traces of the stage (exact when {@code exact})
 * @param exact               whether {@code count} is the stage's exact count; false only when a slice's depth filter
 *                            was applied to a sample because the sliced program was too large to enumerate
 * @param analysed            one sentence: which traces were analysed and why
 * @param traces              the analysed traces, as a trace set (one column per angel) with the oracle's traces
 * @param rawPartition        the finest valid partition of the raw choices
 * @param functional          the functional view of the analysed traces (ranges on wires)
 * @param functionalPartition its finest valid partition
 */
public record Stage(StageSpec spec, BigInteger count, boolean exact, String analysed, ProgramTraceSets.Collected traces,
                    Partition rawPartition, TraceSet functional, Partition functionalPartition) {

    /** The program text of the stage. */
    public String text() {
        return spec.text();
    }

    /** The analysed oracle traces. */
    public List<Trace> traceList() {
        return traces.traces();
    }

    /** The raw blocks with more than one combination, i.e. the choices still open. */
    public List<Block> openBlocks() {
        return rawPartition.blocks().stream().filter(b -> b.combinations() > 1).toList();
    }

    /** The block structure in one line: the number of blocks and the sizes and combinations of the open ones. */
    public String structure() {
        StringBuilder sb = new StringBuilder();
        sb.append(rawPartition.blocks().size()).append(" blocks");
        List<Block> open = openBlocks();
        if (open.isEmpty()) return sb.append(", none open").toString();
        sb.append(", open: ");
        for (int i = 0; i < open.size(); i++) {
            Block b = open.get(i);
            if (i == 6) {
                sb.append(", …");
                break;
            }
            sb.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%d angels × %d", b.size(), b.combinations()));
        }
        return sb.toString();
    }

    /** The count with its noun: "1 trace", "99 traces". */
    public String countWithUnit() {
        return countText() + (count.equals(BigInteger.ONE) ? " trace" : " traces");
    }

    /**
     * The raw partition with every closed block (one combination: a choice every analysed trace makes alike) merged
     * into one block, first, so that a colouring by block tells the open sub-computations apart from what is settled.
     */
    public Partition openPartition() {
        List<Integer> closed = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        for (Block b : rawPartition.blocks()) {
            if (b.combinations() == 1) closed.addAll(b.angels());
            else blocks.add(b);
        }
        if (!closed.isEmpty()) {
            Collections.sort(closed);
            blocks.add(0, new Block(closed, 1, 0));
        }
        return new Partition(rawPartition.traces(), blocks);
    }

    /** The count for people: exact, or marked as the count before the slice's filter. */
    public String countText() {
        return String.format(Locale.ROOT, exact ? "%,d" : "≤ %,d", count);
    }
}

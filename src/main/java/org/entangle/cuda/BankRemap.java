package org.entangle.cuda;

import java.util.Locale;
import org.entangle.generalize.banks.BankAnalysis;
import org.entangle.generalize.banks.BankModel;
import org.entangle.generalize.banks.BankReport;
import org.entangle.generalize.banks.IndexRemap;
import org.entangle.generalize.banks.LaneMapping;
import org.entangle.generalize.banks.RemapSearch;
import org.entangle.network.Network;

/**
 * The bank-conflict remap of a generated kernel's shared-memory exchange ({@code --remap-banks}, GUIDE §5):
 * every index into the buffers through which the network's steps exchange values goes through {@code SLOT(i)}.
 * The remap is the one {@link RemapSearch} finds for the network (the talk's synthesised "injective reordering
 * functions"), or the standard padding {@code i + (i >> r)} (GPU Gems 3, ch. 39) or XOR swizzle
 * {@code i ^ ((i >> r) & (row − 1))}, where a bank row holds {@code row = 2^r} values (32 four-byte values). The
 * bank model's conflict totals before and after are those of {@link BankAnalysis} with each op on the lane of
 * its destination wire, which is how the block and device-wide forms give wires to threads.
 *
 * @param kind   search, padding or xor
 * @param remap  the index map
 * @param before the bank model's report without remapping
 * @param after  with the remap
 */
public record BankRemap(String kind, IndexRemap remap, BankReport before, BankReport after) {

    /** The remap kinds {@code --remap-banks} accepts. */
    public static final String KINDS = "search, padding, xor";

    /** The remap of {@code kind} for {@code network} with values of {@code valueBytes} bytes. */
    public static BankRemap of(String kind, Network network, int valueBytes) {
        BankModel model = new BankModel(32, 4, 32, valueBytes);
        int row = Math.max(1, 32 * 4 / valueBytes);
        int shift = Integer.numberOfTrailingZeros(row);
        IndexRemap remap = switch (kind) {
            case "padding" -> new IndexRemap(false, shift, 0, row - 1);
            case "xor" -> new IndexRemap(true, shift, 0, row - 1);
            case "search" -> RemapSearch.search(network, model, LaneMapping.BY_DESTINATION, () -> false).best().remap();
            default -> throw new IllegalArgumentException("--remap-banks " + kind + ": expected one of " + KINDS);
        };
        if (!remap.injectiveUpTo(network.width())) {
            throw new IllegalArgumentException("remap " + remap + " is not injective on 0.." + (network.width() - 1));
        }
        return new BankRemap(kind, remap,
                BankAnalysis.analyse(network, model, LaneMapping.BY_DESTINATION, IndexRemap.IDENTITY),
                BankAnalysis.analyse(network, model, LaneMapping.BY_DESTINATION, remap));
    }

    /** Slots a buffer of {@code lanes} remapped values needs: the largest slot plus one. */
    public long slots(int lanes) {
        return remap.footprint(lanes);
    }

    /** The C macro that maps an exchange index to its slot. */
    String slotMacro() {
        return "#define SLOT(i) (" + (remap.shiftA() == 0 ? "(i)" : remap.toC("(i)")) + ")";
    }

    /** The header comment line: remap and the bank model's totals before and after. */
    String headerLine() {
        return String.format(Locale.ROOT, "// banks: exchange index remap %s (%s); bank model (32 banks x 4 bytes, op on its destination's lane):"
                        + " %d extra cycles (worst degree %d) before, %d (worst %d) after, over %d warp accesses",
                remap.shiftA() == 0 ? "none" : remap.toString(), kind, before.extraCycles(), before.maxDegree(),
                after.extraCycles(), after.maxDegree(), after.warpAccesses());
    }
}

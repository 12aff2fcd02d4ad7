package org.entangle.cuda;

import java.util.Locale;
import org.entangle.banks.BankAnalysis;
import org.entangle.banks.BankColouring;
import org.entangle.banks.BankModel;
import org.entangle.banks.BankReport;
import org.entangle.banks.FormulaRemap;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.LaneMapping;
import org.entangle.banks.LevelSwizzleRemap;
import org.entangle.banks.ProgramBanks;
import org.entangle.banks.RemapSearch;
import org.entangle.banks.TableRemap;
import org.entangle.network.Network;

/**
 * The bank-conflict remap of a generated kernel's shared-memory exchange ({@code --remap-banks}):
 * every index into the buffers through which the network's steps exchange values goes through {@code SLOT(i)}.
 * The remap is the one {@link RemapSearch} finds for the network (the talk's synthesised "injective reordering
 * functions"), or the standard padding {@code i + (i >> r)} (GPU Gems 3, ch. 39) or XOR swizzle
 * {@code i ^ ((i >> r) & (row − 1))}, where a bank row holds {@code row = 2^r} values (32 four-byte values), or the
 * tree-level swizzle {@link LevelSwizzleRemap} (a device function), or a lookup table coloured by
 * {@link BankColouring} (a {@code BANK_SLOT} array; "search" falls back to it when no formula is conflict-free). The
 * bank model's conflict totals before and after are those of {@link BankAnalysis} with each op on the lane of
 * its destination wire, which is how the block and device-wide forms give wires to threads.
 *
 * @param kind   search, padding, xor, level or table
 * @param remap  the index map
 * @param before the bank model's report without remapping
 * @param after  with the remap
 */
public record BankRemap(String kind, IndexRemap remap, BankReport before, BankReport after) {

    /** The remap kinds {@code --remap-banks} accepts. */
    public static final String KINDS = "search, padding, xor, level, table";

    /** The remap of {@code kind} for {@code network} with values of {@code valueBytes} bytes. */
    public static BankRemap of(String kind, Network network, int valueBytes) {
        BankModel model = new BankModel(32, 4, 32, valueBytes);
        int row = Math.max(1, 32 * 4 / valueBytes);
        int shift = Integer.numberOfTrailingZeros(row);
        IndexRemap remap = switch (kind) {
            case "padding" -> new FormulaRemap(false, shift, 0, row - 1);
            case "xor" -> new FormulaRemap(true, shift, 0, row - 1);
            case "search" -> searched(network, model);
            case "level" -> levelSwizzle(model);
            case "table" -> coloured(network, model);
            default -> throw new IllegalArgumentException("--remap-banks " + kind + ": expected one of " + KINDS);
        };
        if (!remap.injectiveUpTo(network.width())) {
            throw new IllegalArgumentException("remap " + remap + " is not injective on 0.." + (network.width() - 1));
        }
        return new BankRemap(kind, remap,
                BankAnalysis.analyse(network, model, LaneMapping.BY_DESTINATION, IndexRemap.IDENTITY),
                BankAnalysis.analyse(network, model, LaneMapping.BY_DESTINATION, remap));
    }

    /**
     * The grammar's best remap ({@link RemapSearch}); when it leaves conflicts, a {@link TableRemap} coloured by
     * {@link BankColouring} (seed {@link ProgramBanks#DEFAULT_SEED}) in the network's width, if that has fewer.
     */
    private static IndexRemap searched(Network network, BankModel model) {
        int n = network.width();
        BankReport formula = RemapSearch.search(network, model, LaneMapping.BY_DESTINATION, () -> false).best();
        if (formula.conflictFree()) return formula.remap();
        TableRemap table = coloured(network, model);
        long tableExtra = BankAnalysis.analyse(network, model, LaneMapping.BY_DESTINATION, table).extraCycles();
        return tableExtra < formula.extraCycles() ? table : formula.remap();
    }

    private static TableRemap coloured(Network network, BankModel model) {
        int n = network.width();
        return BankColouring.colour(n, BankAnalysis.warpAccesses(network, model, LaneMapping.BY_DESTINATION),
                model, n, ProgramBanks.DEFAULT_SEED, 400L * n).remap();
    }

    private static LevelSwizzleRemap levelSwizzle(BankModel model) {
        LevelSwizzleRemap level = LevelSwizzleRemap.of(model);
        if (level == null) throw new IllegalArgumentException("--remap-banks level: " + model.elementBytes() + "-byte values span several banks");
        return level;
    }

    /** Slots a buffer of {@code lanes} remapped values needs: the largest slot plus one. */
    public long slots(int lanes) {
        return remap.footprint(lanes);
    }

    /** The C macro that maps an exchange index to its slot. */
    String slotMacro() {
        return "#define SLOT(i) (" + (remap.isIdentity() ? "(i)" : remap.toC("(i)")) + ")";
    }

    /** What {@link #slotMacro} needs for exchange indices 0..lanes−1 (a lookup table or a function), or null. */
    String slotTable(int lanes) {
        return remap.cDefinition(lanes);
    }

    /** The header comment line: remap and the bank model's totals before and after. */
    String headerLine() {
        return String.format(Locale.ROOT, "// banks: exchange index remap %s (%s); bank model (32 banks x 4 bytes, op on its destination's lane):"
                        + " %d extra cycles (worst degree %d) before, %d (worst %d) after, over %d warp accesses",
                remap.isIdentity() ? "none" : remap.toString(), kind, before.extraCycles(), before.maxDegree(),
                after.extraCycles(), after.maxDegree(), after.warpAccesses());
    }
}

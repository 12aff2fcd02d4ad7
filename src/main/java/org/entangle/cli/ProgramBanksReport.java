package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.entangle.banks.BankModel;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.ProgramAccesses;
import org.entangle.banks.ProgramBanks;
import org.entangle.banks.ProgramLanes;
import org.entangle.banks.RemapCheck;
import org.entangle.banks.TableRemap;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;

/** {@code banks PROGRAM --n N [--remap]}: the program's own lanes, per-step conflicts before and after the remap. */
final class ProgramBanksReport {

    private final PrintWriter out;
    private final boolean json;

    ProgramBanksReport(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    int run(Path file, Integer n, String laneText, BankModel model, boolean remap, long seed) {
        if (n == null) throw new UserError("give --n N to run the program at");
        if (n < 1 || n > ProgramArguments.MAX_N) throw new UserError("--n " + n + ": N must be in 1.." + ProgramArguments.MAX_N);
        ProgramLanes lanes = ProgramLanes.fromToken(laneText);
        if (lanes == null) throw new UserError("--lanes " + laneText + ": expected index or compact for a program");
        Program program = ProgramArguments.load(file);
        long t0 = System.nanoTime();
        List<ProgramAccesses.Block> blocks;
        try {
            blocks = ProgramAccesses.at(program, n);
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": at N = " + n + ": " + e.getMessage());
        }
        ProgramBanks.Search search = remap ? ProgramBanks.search(blocks, n, model, lanes, seed) : null;
        ProgramBanks.Report before = search == null ? ProgramBanks.analyse(blocks, model, lanes, IndexRemap.IDENTITY) : search.original();
        Boolean preserved = null;
        if (search != null) {
            Network network;
            try {
                network = ProgramInstances.at(program, n, CancellationToken.withTimeout(600));
            } catch (IllegalArgumentException e) {
                throw new UserError(file + ": at N = " + n + ": " + e.getMessage());
            }
            preserved = RemapCheck.preserves(network, search.best().remap());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("n", n);
            o.put("lanes", lanes.token());
            put(o.putObject("before"), before);
            if (search != null) {
                put(o.putObject("after"), search.best());
                o.put("remap", search.best().remap().toC("i"));
                o.put("footprint", search.best().remap().footprint(n));
                o.put("injective", search.best().remap().injectiveUpTo(n));
                o.put("stillCorrect", preserved);
                o.put("candidates", search.candidates());
                if (search.colouring() != null) {
                    ObjectNode table = o.putObject("tableSearch");
                    table.put("seed", search.colouring().seed());
                    table.put("moves", search.colouring().moves());
                    table.put("conflictingPairs", search.colouring().conflicts());
                }
                if (search.best().remap() instanceof TableRemap t) {
                    ArrayNode slots = o.putArray("slots");
                    for (int i = 0; i < t.size(); i++) slots.add(t.map(i));
                }
            }
            o.put("seconds", Math.round(seconds * 1000) / 1000.0);
            out.println(o.toString());
        } else {
            out.println("lanes: " + lanes.token() + "; " + before.warpAccesses() + " warp accesses in " + before.extraPerStep().size() + " steps");
            out.println("before: " + before.extraCycles() + " extra cycles, worst degree " + before.maxDegree());
            if (search != null) {
                ProgramBanks.Report after = search.best();
                out.println("after:  " + after.extraCycles() + " extra cycles, worst degree " + after.maxDegree() + " with slot(i) = "
                        + after.remap().toC("i") + " (footprint " + after.remap().footprint(n) + " slots, injective, "
                        + (preserved ? "the remapped network computes the same scan" : "WRONG: the remapped network differs")
                        + "; " + search.candidates() + " remaps scored)");
                if (search.colouring() != null) {
                    out.println("table search (no formula removed every conflict): seed " + search.colouring().seed() + ", "
                            + search.colouring().moves() + " local-search moves, " + search.colouring().conflicts()
                            + " conflicting pairs left" + (after.remap() instanceof TableRemap ? "; the table is used" : "; the formula is kept"));
                }
                if (after.remap() instanceof TableRemap t) out.println(t.cArray(t.size()));
            }
            out.println("step  before" + (search == null ? "" : "  after"));
            for (int s = 0; s < before.extraPerStep().size(); s++) {
                out.println(String.format(Locale.ROOT, "%4d  %6d", s + 1, before.extraPerStep().get(s))
                        + (search == null ? "" : String.format(Locale.ROOT, "  %5d", search.best().extraPerStep().get(s))));
            }
            out.println(String.format(Locale.ROOT, "%.3f s", seconds));
        }
        return search != null && !preserved ? ExitStatus.WRONG : ExitStatus.OK;
    }

    private static void put(ObjectNode o, ProgramBanks.Report r) {
        o.put("warpAccesses", r.warpAccesses());
        o.put("extraCycles", r.extraCycles());
        o.put("maxDegree", r.maxDegree());
        ArrayNode steps = o.putArray("extraPerStep");
        r.extraPerStep().forEach(steps::add);
    }
}

package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.entangle.banks.BankAnalysis;
import org.entangle.banks.BankModel;
import org.entangle.banks.BankReport;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.LaneMapping;
import org.entangle.banks.RemapSearch;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.network.Network;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code entangle banks PROGRAM|NET --n N}: shared-memory bank conflicts, and a remap that removes them. */
@Command(name = "banks", mixinStandardHelpOptions = true,
        description = "Count the shared-memory bank conflicts of a program at N (or of a network file): the conflict"
                + " degree of every warp access in every step; --remap searches an index remapping that minimises them.")
public final class BanksCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PROGRAM|NET", description = "a program (.angel) or a network file")
    Path input;

    @Option(names = "--n", paramLabel = "N", description = "the N to run a program at")
    Integer n;

    @Option(names = "--lanes", paramLabel = "MAP",
            description = "a program: index (lane i of a parallel block is thread i; the default) or compact (the k-th"
                    + " accessing lane is thread k); a network: compact (op k of a step on lane k; the default) or"
                    + " destination (lane = written wire)")
    String lanes;

    @Option(names = "--banks", defaultValue = "32", description = "number of banks (default ${DEFAULT-VALUE})")
    int banks;

    @Option(names = "--warp", defaultValue = "32", description = "lanes per warp (default ${DEFAULT-VALUE})")
    int warp;

    @Option(names = "--remap", description = "search an index remapping that minimises conflicts: padding or XOR swizzle, and for a program a"
            + " lookup table (bank colouring) when no formula removes every conflict")
    boolean remap;

    @Option(names = "--seed", defaultValue = "1",
            description = "a program: the seed of the table search's local search, used when no formula removes every conflict (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (input.toString().endsWith(".angel")) {
            return new ProgramBanksReport(spec.commandLine().getOut(), json).run(input, n, lanes == null ? "index" : lanes, model(), remap, seed);
        }
        Network network = load();
        String laneText = lanes == null ? "compact" : lanes;
        LaneMapping mapping = switch (laneText) {
            case "compact" -> LaneMapping.COMPACT;
            case "destination" -> LaneMapping.BY_DESTINATION;
            default -> throw new UserError("--lanes " + laneText + ": expected compact or destination for a network file");
        };
        BankModel model = model();
        long t0 = System.nanoTime();
        BankReport original = BankAnalysis.analyse(network, model, mapping, IndexRemap.IDENTITY);
        RemapSearch.Result search = remap ? RemapSearch.search(network, model, mapping, () -> false) : null;
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("n", network.width());
            o.put("warpAccesses", original.warpAccesses());
            o.put("extraCycles", original.extraCycles());
            o.put("maxDegree", original.maxDegree());
            if (search != null) {
                o.put("remap", search.best().remap().toC("i"));
                o.put("remappedExtraCycles", search.best().extraCycles());
                o.put("remappedMaxDegree", search.best().maxDegree());
                o.put("candidates", search.candidates());
            }
            o.put("seconds", Math.round(seconds * 1000) / 1000.0);
            out.println(o.toString());
        } else {
            out.println("before: " + describe(original));
            if (search != null) {
                out.println("after:  " + describe(search.best()) + " with slot = " + search.best().remap().toC("i")
                        + " (" + search.candidates() + " remaps scored)");
            }
        }
        return ExitStatus.OK;
    }

    private BankModel model() {
        try {
            return new BankModel(banks, 4, warp, 4);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    private Network load() {
        Network net = NetworkArguments.load(input, null);
        if (n != null && n != net.width()) throw new UserError("--n " + n + " differs from the network's width " + net.width());
        return net;
    }

    private static String describe(BankReport r) {
        return r.extraCycles() + " extra cycles over " + r.warpAccesses() + " warp accesses, worst degree " + r.maxDegree()
                + ", per step " + r.extraPerStep();
    }
}

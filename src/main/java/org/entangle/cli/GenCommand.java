package org.entangle.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkJsonWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle gen FAMILY --n N}: builds a classic family's network ({@link Families}) and writes it as a
 * network file, JSON on stdout or in the form {@code -o FILE}'s extension asks for.
 */
@Command(name = "gen",
        mixinStandardHelpOptions = true,
        description = "Generate a classic family's network: serial, sklansky, kogge-stone, brent-kung, han-carlson, "
                + "ladner-fischer, knowles, blelloch, brent-kung-radix.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:written", "2:bad input or usage"})
public final class GenCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FAMILY", description = "The family name.")
    private String family;

    @Option(names = {"-n", "--n"}, required = true, paramLabel = "N", description = "The width (number of wires), at least 1.")
    private int n;

    @Option(names = "--param", paramLabel = "P",
            description = "The family's parameter: Ladner-Fischer k, Knowles p, the radix of brent-kung-radix (default: the family's).")
    private Integer param;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE (.txt or .net: the text form; otherwise JSON).")
    private Path output;

    @Override
    public Integer call() {
        Network network;
        try {
            NetworkFamily f = Families.byName(family);
            if (param != null && f.parameterMeaning() == null) {
                throw new UserError("family " + family + " takes no --param");
            }
            network = Families.build(family, n, param == null ? f.defaultParameter() : param);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output == null) {
            out.print(NetworkJsonWriter.write(network));
            return ExitStatus.OK;
        }
        try {
            NetworkFiles.save(network, output);
        } catch (IOException e) {
            throw new UserError(output + ": cannot write (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
        out.println("wrote " + output + ": " + network);
        return ExitStatus.OK;
    }
}

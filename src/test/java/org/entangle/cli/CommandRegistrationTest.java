package org.entangle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Only the subcommand named on the command line is built; help and anything unknown see all of them. */
class CommandRegistrationTest {

    private static final Set<String> ALL = EntangleCli.COMMANDS.stream().map(c -> c.getAnnotation(Command.class).name())
            .collect(Collectors.toSet());

    @Test
    void everySubcommandHasItsOwnNameAndIsBuiltAloneWhenNamed() {
        assertEquals(EntangleCli.COMMANDS.size(), ALL.size(), "two subcommands share a name");
        for (String name : ALL) {
            if (name.equals("help")) continue;
            CommandLine cli = EntangleCli.commandLine(name, "--help");
            assertEquals(Set.of(name), cli.getSubcommands().keySet(), name);
            assertEquals(name, cli.getSubcommands().get(name).getCommandName());
        }
    }

    @Test
    void helpNoCommandAndUnknownWordsSeeEverySubcommand() {
        for (List<String> args : List.of(List.<String>of(), List.of("--help"), List.of("help", "verify"), List.of("-V"),
                List.of("verfy", "x.angel"))) {
            assertEquals(ALL, EntangleCli.commandLine(args.toArray(String[]::new)).getSubcommands().keySet(), args.toString());
        }
    }

    @Test
    void benchKeepsItsSubjectsWhenBuiltAlone() {
        CommandLine bench = EntangleCli.commandLine("bench", "verify").getSubcommands().get("bench");
        assertTrue(bench.getSubcommands().keySet().containsAll(Set.of("verify", "partition", "synthesize", "banks")),
                bench.getSubcommands().keySet()::toString);
    }
}

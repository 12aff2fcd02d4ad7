package org.entangle.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The command line of Entangle (picocli). Exit codes: 0 success, 1 the network is not a correct scan (or the
 * search found nothing), 2 bad input or usage, with a one-line message on stderr and never a stack trace.
 * Every subcommand has {@code --help}.
 */
@Command(name = "entangle",
        mixinStandardHelpOptions = true,
        version = "Entangle 0.1.0",
        description = "Discover parallel scan networks with angelic programming.%n"
                + "Run without arguments to open the desktop workbench.")
public final class EntangleCli {

    /**
     * The subcommands, in the order {@code --help} lists them. Only the one named on the command line is registered
     * (picocli builds a command's model by reflection when it is added, and building all of them took about a third
     * of a second of every run); {@code --help}, {@code help}, no command or an unknown one register them all.
     */
    static final List<Class<?>> COMMANDS = List.of(
            CommandLine.HelpCommand.class,
            org.entangle.cli.bench.BenchCommand.class,
            org.entangle.cli.oracle.CountCommand.class,
            org.entangle.cli.oracle.EnumerateCommand.class,
            org.entangle.cli.oracle.SampleCommand.class,
            org.entangle.cli.oracle.TracesCommand.class,
            RenderCommand.class,
            GenCommand.class,
            CheckCommand.class,
            SynthesizeCommand.class,
            EvalCommand.class,
            EntanglementCommand.class,
            org.entangle.cli.gpu.CudaCommand.class,
            org.entangle.cli.gpu.GpuCheckCommand.class,
            org.entangle.cli.gpu.GpuBenchCommand.class,
            org.entangle.cli.gpu.PatternCommand.class,
            org.entangle.cli.gpu.GpuTournamentCommand.class,
            OptimizeCommand.class,
            ParetoCommand.class,
            VerifyCommand.class,
            DiffCommand.class,
            BanksCommand.class,
            VariantCommand.class);

    private EntangleCli() {
    }

    /** The limits of every command (inherited by each): see {@link LimitOptions}. */
    @CommandLine.Mixin
    private final LimitOptions limits = new LimitOptions();

    /** The command line for {@code args}: the top command with the subcommand {@code args} names, or with all of them. */
    static CommandLine commandLine(String... args) {
        CommandLine cli = new CommandLine(new EntangleCli());
        Class<?> named = args.length == 0 ? null : COMMANDS.stream().filter(c -> names(c, args[0])).findFirst().orElse(null);
        for (Class<?> command : named == null || named == CommandLine.HelpCommand.class ? COMMANDS : List.of(named)) {
            cli.addSubcommand(command);
        }
        return cli;
    }

    private static boolean names(Class<?> command, String word) {
        Command annotation = command.getAnnotation(Command.class);
        return annotation.name().equals(word) || Arrays.asList(annotation.aliases()).contains(word);
    }

    /** The stack of the thread a command runs on ({@link org.entangle.lang.RunLimits#SEARCH_STACK_BYTES}). */
    static final long COMMAND_STACK_BYTES = org.entangle.lang.RunLimits.SEARCH_STACK_BYTES;

    /** Runs one command with the process's standard streams and returns its exit status. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs one command with the given streams (tests capture them) and returns its exit status. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine(args);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println(commandLine.getCommandSpec().qualifiedName() + ": " + oneLine(ex));
            return ExitStatus.BAD_INPUT;
        });
        cli.setParameterExceptionHandler((ex, args2) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + ex.getMessage()
                    + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
            return ExitStatus.BAD_INPUT;
        });
        LimitOptions.reset();
        int[] status = {ExitStatus.BAD_INPUT};
        Thread command = new Thread(null, () -> {
            try {
                status[0] = cli.execute(args);
            } catch (StackOverflowError | OutOfMemoryError e) {
                err.println("entangle: the work needs more " + (e instanceof OutOfMemoryError ? "memory (try java -Xmx…)" : "stack")
                        + " than this run has: " + e.getClass().getSimpleName());
            }
        }, "entangle-command", COMMAND_STACK_BYTES);
        command.start();
        try {
            command.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.flush();
        err.flush();
        return status[0];
    }

    private static String oneLine(Throwable ex) {
        if (ex instanceof UserError) {
            return ex.getMessage();
        }
        String message = ex.getMessage();
        String text = ex.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return text.replace('\n', ' ');
    }
}

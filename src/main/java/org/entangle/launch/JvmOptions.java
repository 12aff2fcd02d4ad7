package org.entangle.launch;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JVM options this JVM was started with, as {@link SharedArchiveLauncher} passes them on to the child. Java's own
 * answer, {@code RuntimeMXBean.getInputArguments()}, starts the management beans first: 25–45 ms of the launching
 * JVM's 75–112 ms from {@code main} to the child on the 2-core dev box (issue #6). For the usual start,
 * {@code java [options] -jar entangle.jar …} with options the launcher passes to the JVM as they are, the options are
 * read from the process's command line ({@code /proc/self/cmdline}, Linux). Anything else (no {@code /proc}, an
 * argument file, an option whose value is the next argument, options from {@code JDK_JAVA_OPTIONS},
 * {@code JAVA_TOOL_OPTIONS} or {@code _JAVA_OPTIONS}) asks the management beans.
 */
final class JvmOptions {

    /** Environment variables through which a JVM takes options that its command line does not show. */
    static final List<String> OPTION_VARIABLES = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS");

    /** Prefixes of the options read from the command line: each one argument, passed to the JVM as written. */
    private static final List<String> SINGLE_ARGUMENT_PREFIXES = List.of("-D", "-X", "-ea", "-da", "-esa", "-dsa",
            "-enableassertions", "-disableassertions", "-enablesystemassertions", "-disablesystemassertions",
            "-agentlib:", "-agentpath:", "-javaagent:", "-verbose");

    private JvmOptions() {
    }

    /**
     * This JVM's options: from its command line where {@link #fromCommandLine} can read them, else from its management
     * beans. Without lambdas or streams: the launching JVM would link their machinery for this alone.
     */
    static List<String> ofThisJvm() {
        Optional<List<String>> argv = commandLine();
        Optional<List<String>> options = argv.isPresent() ? fromCommandLine(argv.get(), System.getenv()) : Optional.empty();
        return options.isPresent() ? options.get() : ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    /**
     * The JVM options of {@code java [options] -jar JAR …} when every option is one argument that the launcher passes
     * on as written ({@code -D…}, {@code -X…}, assertions, agents, {@code -verbose…}, {@code --name=value},
     * {@code --enable-preview}) and no variable of {@link #OPTION_VARIABLES} is set in {@code environment}; else empty.
     *
     * @param argv the process's arguments, the executable first
     */
    static Optional<List<String>> fromCommandLine(List<String> argv, Map<String, String> environment) {
        for (String variable : OPTION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) return Optional.empty();
        }
        List<String> options = new ArrayList<>();
        for (String argument : argv.subList(Math.min(1, argv.size()), argv.size())) {
            if (argument.equals("-jar")) return Optional.of(List.copyOf(options));
            if (!passedAsWritten(argument)) return Optional.empty();
            options.add(argument);
        }
        return Optional.empty();
    }

    private static boolean passedAsWritten(String argument) {
        if (argument.equals("--enable-preview") || argument.startsWith("--") && argument.indexOf('=') > 2) return true;
        for (String prefix : SINGLE_ARGUMENT_PREFIXES) {
            if (argument.startsWith(prefix)) return true;
        }
        return false;
    }

    /** This process's arguments from {@code /proc/self/cmdline} (NUL-terminated), or empty where there is none. */
    private static Optional<List<String>> commandLine() {
        try (FileInputStream in = new FileInputStream("/proc/self/cmdline")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.isEmpty() ? Optional.empty() : Optional.of(Arrays.asList(text.split("\0")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

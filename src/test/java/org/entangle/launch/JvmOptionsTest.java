package org.entangle.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JvmOptionsTest {

    private static final List<String> AFTER_JAR = List.of("-jar", "/apps/entangle.jar", "--screenshot", "out.png");

    @Test
    void theOptionsBeforeTheJarAreReadAsWritten() {
        List<String> options = List.of("-Xmx1g", "-Dentangle.home=/h", "-XX:+UseG1GC", "-ea", "-agentlib:jdwp=transport=dt_socket",
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--enable-preview", "-verbose:gc");
        assertEquals(Optional.of(options), JvmOptions.fromCommandLine(argv(options), Map.of()));
        assertEquals(Optional.of(List.of()), JvmOptions.fromCommandLine(argv(List.of()), Map.of()));
        assertEquals(Optional.of(List.of("-Xmx1g")), JvmOptions.fromCommandLine(argv(List.of("-Xmx1g")), Map.of("JAVA_TOOL_OPTIONS", " ")),
                "a blank variable adds no options");
    }

    @Test
    void whatTheCommandLineDoesNotShowIsLeftToTheManagementBeans() {
        assertEquals(Optional.empty(), JvmOptions.fromCommandLine(argv(List.of("@options.txt")), Map.of()), "an argument file");
        assertEquals(Optional.empty(), JvmOptions.fromCommandLine(argv(List.of("-cp", "lib")), Map.of()), "an option's value in the next argument");
        assertEquals(Optional.empty(), JvmOptions.fromCommandLine(argv(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED")), Map.of()));
        assertEquals(Optional.empty(), JvmOptions.fromCommandLine(List.of("java", "-Xmx1g", "-cp", "e.jar", "org.entangle.Main"), Map.of()),
                "a main class instead of a jar");
        for (String variable : JvmOptions.OPTION_VARIABLES) {
            assertEquals(Optional.empty(), JvmOptions.fromCommandLine(argv(List.of()), Map.of(variable, "-Xmx2g")), variable);
        }
    }

    /** The test JVM itself: surefire starts it as {@code java [its options] -jar surefirebooter.jar …}. */
    @Test
    void inThisJvmTheCommandLineAgreesWithTheManagementBeans() throws IOException {
        Path cmdline = Path.of("/proc/self/cmdline");
        if (!Files.isReadable(cmdline)) return;
        List<String> argv = Arrays.asList(new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).split("\0"));
        Optional<List<String>> read = JvmOptions.fromCommandLine(argv, System.getenv());
        assertTrue(read.isPresent(), "this JVM's command line was not read: " + argv);
        assertEquals(ManagementFactory.getRuntimeMXBean().getInputArguments(), read.get());
        assertEquals(read.get(), JvmOptions.ofThisJvm());
    }

    private static List<String> argv(List<String> options) {
        return java.util.stream.Stream.of(List.of("/usr/bin/java"), options, AFTER_JAR).flatMap(List::stream).toList();
    }
}

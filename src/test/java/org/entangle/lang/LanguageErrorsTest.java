package org.entangle.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.entangle.work.CancellationToken;
import org.entangle.oracle.TraceCounter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden error tests in the style of jlox: each file under src/test/resources/lang/errors starts with
 * {@code // expect: line:column: message}, and parsing or running the program must fail with exactly that message.
 */
class LanguageErrorsTest {

    static Stream<Path> programs() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/lang/errors"))) {
            files = s.filter(p -> p.toString().endsWith(".angel")).sorted().toList();
        }
        assertTrue(files.size() >= 10, "golden files present");
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("programs")
    void reportsTheExpectedLocatedError(Path file) throws IOException {
        String source = Files.readString(file);
        String firstLine = source.lines().findFirst().orElseThrow();
        String expected = firstLine.substring("// expect: ".length());
        LangError error = assertThrows(LangError.class,
                () -> new TraceCounter(Machine.of(Program.parse(source), Map.of()), new CancellationToken()).countAll());
        assertEquals(expected, error.getMessage(), file.toString());
        assertEquals(expected.substring(0, expected.indexOf(':', expected.indexOf(':') + 1)), error.line() + ":" + error.column());
    }
}

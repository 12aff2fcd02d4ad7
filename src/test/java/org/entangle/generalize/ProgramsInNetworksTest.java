package org.entangle.generalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.entangle.lang.Program;
import org.entangle.network.NetworkDiff;
import org.entangle.network.families.Families;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/** Every program in networks/ parses; the Brent–Kung program verifies for N = 1..1024 and matches the catalogue. */
class ProgramsInNetworksTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));

    @Test
    void everyProgramInTheCatalogueParses() throws IOException {
        List<Path> programs;
        try (Stream<Path> files = Files.list(NETWORKS)) {
            programs = files.filter(p -> p.toString().endsWith(".angel")).sorted().collect(Collectors.toList());
        }
        assertTrue(programs.size() >= 10, "the catalogue ships its programs: " + programs);
        for (Path p : programs) {
            Program.parse(Files.readString(p));
        }
    }

    @Test
    void theBrentKungProgramIsAScanForEveryNUpTo1024AndTheCatalogueNetworkAtPowersOfTwo() throws IOException {
        Program bk = Program.parse(Files.readString(NETWORKS.resolve("brent-kung.angel")));
        CancellationToken token = CancellationToken.withTimeout(600);
        Verification v = Verifier.verify(n -> ProgramInstances.at(bk, n, token),
                IntStream.rangeClosed(1, 1024).boxed().collect(Collectors.toList()), null, () -> false);
        assertTrue(v.passed(), v.firstFailure().map(Verification.Failure::message).orElse(""));
        assertEquals(1024, v.verifiedUpTo());
        assertEquals("2N − log2 N − 2", v.sizeForm().orElseThrow().toString());
        for (int n = 2; n <= 1024; n *= 2) {
            assertTrue(NetworkDiff.of(ProgramInstances.at(bk, n, token), Families.build("brent-kung", n)).identical(), "N = " + n);
        }
    }
}

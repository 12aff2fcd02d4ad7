package org.entangle.cli;

import static org.entangle.cli.CliRun.run;
import org.entangle.cli.common.ExitStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loop of a billion trips, a network file of width 10^8 and a program with N = 10^9 each end in one located
 * line on stderr with exit status 2; {@code --max-width}, {@code --max-trips} and {@code --max-steps} raise the
 * limits on any command, and the next command line starts from the defaults again.
 */
class LimitsCommandTest {


    private static void assertOneLocatedLine(CliRun r, String located, String text) {
        assertEquals(ExitStatus.BAD_INPUT, r.status(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(located) && r.err().contains(text), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("Error:"), r.err());
    }

    @Test
    void theThreeInputsStopAtTheirLimitsWithExitStatus2(@TempDir Path dir) throws Exception {
        Path loop = Files.writeString(dir.resolve("loop.angel"),
                "N = 4\nfor s in 1 .. 1000000000 {\n  parallel r in 0 .. N - 1 {\n    x[r] = x[r]\n  }\n}\n");
        assertOneLocatedLine(run("verify", loop.toString(), "--n", "4"), "loop.angel:2:1:", "the largest trip count 1000000");
        assertOneLocatedLine(run("count", loop.toString()), "loop.angel:2:1:", "(raise it with --max-trips)");
        Path wide = Files.writeString(dir.resolve("wide.json"), "{\"width\": 100000000, \"steps\": []}");
        assertOneLocatedLine(run("check", wide.toString()), "wide.json:1:11:", "more than the largest width 1048576");
        Path huge = Files.writeString(dir.resolve("huge.angel"), "N = 1000000000\nparallel r in 0 .. N - 1 { x[r] = x[r] }\nassert scan(x)\n");
        assertOneLocatedLine(run("count", huge.toString()), "huge.angel:1:1:", "N = 1000000000 is more than the largest width");
        assertOneLocatedLine(run("verify", huge.toString(), "--n", "1000000000"), "--n 1000000000", "raise it with --max-width");
    }

    @Test
    void theOptionsRaiseTheLimitsForOneCommandLine(@TempDir Path dir) throws Exception {
        Path loop = Files.writeString(dir.resolve("loop.angel"), "N = 4\nfor s in 1 .. 2000000 { y = s }\nassert scan(x)\n");
        assertOneLocatedLine(run("verify", loop.toString(), "--n", "4"), "loop.angel:2:1:", "largest trip count");
        CliRun raised = run("verify", loop.toString(), "--n", "4", "--max-trips", "3000000", "--max-steps", "5000000");
        assertEquals(ExitStatus.WRONG, raised.status(), raised.err());
        assertOneLocatedLine(run("verify", loop.toString(), "--n", "4", "--max-trips", "3000000"), "loop.angel:2:1:", "--max-steps");
        Path wide = Files.writeString(dir.resolve("wide.txt"), "width: 2000000\nstep 0: 1<-0\n");
        assertOneLocatedLine(run("check", wide.toString()), "wide.txt:1:8:", "largest width");
        CliRun wider = run("check", wide.toString(), "--max-width", "2000000");
        assertEquals(ExitStatus.WRONG, wider.status(), wider.err());
        assertOneLocatedLine(run("check", wide.toString()), "wide.txt:1:8:", "largest width 1048576");
        assertOneLocatedLine(run("check", wide.toString(), "--max-width", "0"), "--max-width 0", "at least 1");
    }
}

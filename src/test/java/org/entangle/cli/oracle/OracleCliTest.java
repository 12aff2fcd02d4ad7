package org.entangle.cli.oracle;

import static org.entangle.cli.CliRun.run;
import org.entangle.cli.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.check.RangeChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.entangle.cli.common.ExitStatus;

/** The oracle's commands: outputs, exit codes, and bad input reported in one located line. */
class OracleCliTest {


    @Test
    void countPrintsJsonWithTheTracesAsAString() throws Exception {
        CliRun r = run("count", "networks/talk-scan16.angel", "--param", "N=4", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("180", json.get("traces").asText());
        assertTrue(json.get("seconds").isNumber());
        CliRun spec = run("count", "--n", "4", "--steps", "4", "--max-ops", "8", "--json");
        assertEquals("180", new ObjectMapper().readTree(spec.out()).get("traces").asText());
    }

    @Test
    void aSyntaxErrorIsOneLocatedLineWithExitTwo(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.angel");
        Files.writeString(bad, "N = 8\nfor i in 0 to 3 { }\n");
        CliRun r = run("count", bad.toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertEquals("entangle count: " + bad + ":2:12: expected '..' after the loop start, found 'to'", r.err().strip());
        assertFalse(r.err().contains("Exception"));
    }

    @Test
    void anEmptySpaceNamesTheBoundThatExplainsIt() {
        CliRun r = run("count", "--n", "8", "--steps", "4", "--max-ops", "9");
        assertEquals(ExitStatus.WRONG, r.status());
        assertTrue(r.err().contains("no safe trace") && r.err().contains("Snir's bound"), r.err());
        CliRun depth = run("count", "--n", "8", "--steps", "2", "--max-ops", "16");
        assertTrue(depth.err().contains("depth bound ceil(log2 8) = 3"), depth.err());
    }

    @Test
    void anAssertionThatNeverHoldsIsReported(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("never.angel");
        Files.writeString(p, "N = 2\na = !!(0 .. 3)\nassert a > 5\n");
        CliRun r = run("count", p.toString());
        assertEquals(ExitStatus.WRONG, r.status());
        assertTrue(r.err().contains("3:1: assertion failed: assert a > 5"), r.err());
    }

    @Test
    void aTimeLimitStopsTheSearchAndSaysSo() {
        // the program path (the spec form's fast engine finishes (8, 6, 16) before any useful limit)
        String talk = System.getProperty("networks.dir", "networks") + "/talk-scan16.angel";
        CliRun r = run("count", talk, "--param", "N=8", "--timeout", "0.2");
        assertEquals(ExitStatus.WRONG, r.status());
        assertTrue(r.err().contains("stopped at the time limit"), r.err());
    }

    @Test
    void enumerateWritesOneCorrectNetworkPerLine(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("nets.jsonl");
        CliRun r = run("enumerate", "--n", "4", "--steps", "4", "--max-ops", "8", "--distinct", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = Files.readAllLines(out);
        assertTrue(r.err().contains("enumerated 180 safe traces (" + lines.size() + " distinct networks)"), r.err());
        for (String line : lines) assertTrue(RangeChecker.check(parse(line)).correct(), line);
        CliRun limited = run("enumerate", "--n", "4", "--steps", "4", "--max-ops", "8", "--limit", "5");
        assertEquals(5, limited.out().lines().count());
    }

    @Test
    void sampleIsReproducibleFromItsSeed() throws Exception {
        CliRun a = run("sample", "--n", "4", "--steps", "4", "--max-ops", "8", "--count", "20", "--seed", "42");
        CliRun b = run("sample", "--n", "4", "--steps", "4", "--max-ops", "8", "--count", "20", "--seed", "42");
        assertEquals(0, a.status(), a.err());
        assertEquals(a.out(), b.out());
        assertEquals(20, a.out().lines().count());
        for (String line : a.out().lines().toList()) assertTrue(RangeChecker.check(parse(line)).correct());
    }

    @Test
    void tracesWritesACsvWithAngelNamesAndBottom(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        CliRun r = run("traces", "networks/talk-scan16.angel", "--param", "N=4", "-o", csv.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals(181, lines.size());
        assertTrue(lines.get(0).startsWith("\"!!@6:9[step=1,r=0]\",\"!!@6:9[step=1,r=1]\","), lines.get(0));
        int columns = lines.get(0).split("\"!!@", -1).length - 1;
        assertEquals(28, columns);
        assertTrue(lines.stream().skip(1).allMatch(l -> l.split(",").length == columns));
        assertTrue(lines.stream().skip(1).anyMatch(l -> l.contains("⊥")));
    }

    static Network parse(String line) {
        return NetworkJsonReader.read("line", line);
    }
}

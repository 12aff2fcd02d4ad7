package org.entangle.cli;

import static org.entangle.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.entangle.cli.common.ExitStatus;

/** verify, diff and banks on the talk's Brent–Kung program. */
class GeneraliseCommandsTest {

    /** The talk's Brent–Kung program as the catalogue ships it. */
    private static final Path BRENT_KUNG = Path.of(System.getProperty("networks.dir", "networks"), "brent-kung.angel");


    private static String catalogue(String file) {
        return System.getProperty("networks.dir", "networks") + "/" + file;
    }

    @Test
    void theBrentKungProgramVerifiesAndFitsItsSize() throws Exception {
        CliRun r = run("verify", BRENT_KUNG.toString(), "--n", "1..64", "--json");
        assertEquals(ExitStatus.OK, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertTrue(json.get("passed").asBoolean());
        assertEquals(64, json.get("verifiedUpTo").asInt());
        assertEquals("2N − log2 N − 2", json.get("size").asText());
        assertEquals("2log2 N − 2", json.get("depth").asText());
        assertEquals(4, json.get("depthFrom").asInt(), "depth(1) = 0 and depth(2) = 1 are off the form");
        assertEquals(2, json.get("stepsFrom").asInt());
        CliRun text = run("verify", BRENT_KUNG.toString(), "--n", "1..64", "--threads", "1");
        assertTrue(text.out().contains("depth(N) = 2log2 N − 2 for N = 2^k ≥ 4"), text.out());
    }

    @Test
    void aWrongProgramIsReportedWithItsFirstFailingN(@TempDir Path dir) throws Exception {
        // without its down-sweep the program is a reduction, not a scan, from N = 3 on
        String text = Files.readString(BRENT_KUNG);
        String upSweepOnly = text.substring(0, text.indexOf("for step in 1 .. log2(N) {\n  offset = offset / 2"))
                + "assert scan(x)\n";
        Path program = Files.writeString(dir.resolve("up.angel"), upSweepOnly);
        CliRun r = run("verify", program.toString(), "--n", "1..16", "--json");
        assertEquals(ExitStatus.WRONG, r.status(), r.out() + r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(3, json.get("firstFailure").get("n").asInt());
        assertEquals(2, json.get("verifiedUpTo").asInt());
        assertEquals("wire 2 ends with [2,2], expected [0,2]", json.get("firstFailure").get("check").asText());
        assertTrue(json.get("firstFailure").get("network").asText().contains("step 0: 1<-0\n"), json.toString());
        CliRun plain = run("verify", program.toString(), "--n", "1..16");
        assertTrue(plain.out().contains("FAILS: N = 3: the program has no safe execution") && plain.out().contains("x[2] is [2,2], expected [0,2]")
                && plain.out().contains("checker, on the network the program wrote at N = 3: wire 2 ends with"), plain.out());
    }

    @Test
    void aRunTimeErrorOfTheProgramIsOneLocatedLine(@TempDir Path dir) throws Exception {
        Path program = Files.writeString(dir.resolve("div.angel"), "k = N / 2 - N / 2\nparallel i in 0 .. N - 1 { if (i > 0) { x[i] = x[i / k] + x[i] } }\nassert scan(x)\n");
        CliRun r = run("verify", program.toString(), "--n", "1..8");
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertEquals("entangle verify: " + program + ":2:52: division by zero", r.err().strip());
    }

    @Test
    void diffAgainstTheCatalogueBrentKungIsIdenticalAndAgainstSklanskyItIsNot() throws Exception {
        CliRun same = run("diff", BRENT_KUNG.toString(), "--example", catalogue("brent-kung-16.json"));
        assertEquals(ExitStatus.OK, same.status(), same.err());
        assertTrue(same.out().contains("identical modulo empty steps"));
        CliRun other = run("diff", BRENT_KUNG.toString(), "--example", catalogue("sklansky-16.json"));
        assertEquals(ExitStatus.WRONG, other.status());
        assertTrue(other.out().contains("first difference in step 1"), other.out());
    }

    @Test
    void banksCountsConflictsOnTheProgramsLanesAndTheRemapRemovesThem() throws Exception {
        CliRun compact = run("banks", BRENT_KUNG.toString(), "--n", "256", "--remap", "--lanes", "compact", "--json");
        assertEquals(ExitStatus.OK, compact.status(), compact.err());
        JsonNode json = new ObjectMapper().readTree(compact.out());
        assertTrue(json.get("before").get("extraCycles").asLong() > 0);
        assertTrue(json.get("after").get("extraCycles").asLong() * 5 < json.get("before").get("extraCycles").asLong(), compact.out());
        assertTrue(json.get("stillCorrect").asBoolean());
        CliRun index = run("banks", BRENT_KUNG.toString(), "--n", "1024", "--remap", "--json");
        assertEquals(ExitStatus.OK, index.status(), index.err());
        JsonNode indexJson = new ObjectMapper().readTree(index.out());
        assertEquals("index", indexJson.get("lanes").asText());
        assertEquals(0, indexJson.get("after").get("extraCycles").asLong());
        assertEquals(19, indexJson.get("after").get("extraPerStep").size());
        assertTrue(indexJson.get("injective").asBoolean());
        CliRun compact1024 = run("banks", BRENT_KUNG.toString(), "--n", "1024", "--remap", "--lanes", "compact", "--json");
        JsonNode c1024 = new ObjectMapper().readTree(compact1024.out());
        assertEquals(915, c1024.get("before").get("extraCycles").asLong());
        assertEquals(0, c1024.get("after").get("extraCycles").asLong(), compact1024.out());
        assertEquals("level_slot(i)", c1024.get("remap").asText());
        assertEquals(1024, c1024.get("footprint").asLong());
        assertTrue(c1024.get("stillCorrect").asBoolean());
        CliRun table = run("banks", BRENT_KUNG.toString(), "--n", "2048", "--remap", "--lanes", "compact", "--seed", "1");
        assertEquals(ExitStatus.OK, table.status(), table.err());
        assertTrue(table.out().contains("table search (no formula removed every conflict): seed 1,")
                && table.out().contains("static __device__ const unsigned short BANK_SLOT[2048] = {"), table.out());
        CliRun text = run("banks", BRENT_KUNG.toString(), "--n", "64", "--remap", "--lanes", "compact");
        assertTrue(text.out().contains("step  before  after"), text.out());
        assertEquals(ExitStatus.BAD_INPUT, run("banks", BRENT_KUNG.toString(), "--n", "64", "--lanes", "destination").status());
    }

    @Test
    void variantDerivesVerifiesAndWritesAProgram(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("bk-back.angel");
        CliRun r = run("variant", BRENT_KUNG.toString(), "--to", "backward", "-o", out.toString(), "--verify", "1..32");
        assertEquals(ExitStatus.OK, r.status(), r.err());
        assertTrue(r.out().contains("verified for N = 1..32"), r.out());
        assertTrue(Files.readString(out).contains("assert scan(x, backward)"));
        CliRun printed = run("variant", BRENT_KUNG.toString(), "--to", "radix3");
        assertEquals(ExitStatus.OK, printed.status(), printed.err());
        assertTrue(printed.out().contains("// verified for N = 1..256 (256 values)"), printed.out());
        assertTrue(printed.out().contains("for step in 1 .. log(3, 3 * (N / 2) + 2)"), printed.out());
        Path wrong = Files.writeString(dir.resolve("bk-wrong.angel"), Files.readString(BRENT_KUNG).replace("i + offset < N", "i + offset < N - 1"));
        CliRun wrongN = run("variant", wrong.toString(), "--to", "radix3", "--verify", "1..9");
        assertEquals(ExitStatus.WRONG, wrongN.status());
        assertTrue(wrongN.out().contains("FAILS: N = "), wrongN.out());
        assertEquals(ExitStatus.BAD_INPUT, run("variant", BRENT_KUNG.toString(), "--to", "sideways").status());
        Path noStride = Files.writeString(dir.resolve("serial.angel"), "for k in 1 .. N - 1 { x[k] = x[k - 1] + x[k] }\nassert scan(x)\n");
        CliRun bad = run("variant", noStride.toString(), "--to", "radix3");
        assertEquals(ExitStatus.BAD_INPUT, bad.status());
        assertTrue(bad.err().contains("stride"), bad.err());
    }

    @Test
    void badInputIsOneLocatedLine(@TempDir Path dir) throws Exception {
        Path program = Files.writeString(dir.resolve("bad.angel"), "for step in 1 .. {\n");
        CliRun r = run("verify", program.toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertTrue(r.err().startsWith("entangle verify: " + program + ":1:"), r.err());
        CliRun range = run("verify", BRENT_KUNG.toString(), "--n", "0..5");
        assertEquals(ExitStatus.BAD_INPUT, range.status());
        assertTrue(range.err().contains("N must be in 1.."), range.err());
    }
}

package org.entangle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify, diff and banks on the talk's Brent–Kung program (issue #7). */
class GeneraliseCommandsTest {

    /** The talk's Brent–Kung program as the catalogue ships it. */
    private static final Path BRENT_KUNG = Path.of(System.getProperty("networks.dir", "networks"), "brent-kung.angel");

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = EntangleCli.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(status, out.toString(), err.toString());
    }

    private static String catalogue(String file) {
        return System.getProperty("networks.dir", "networks") + "/" + file;
    }

    @Test
    void theBrentKungProgramVerifiesAndFitsItsSize() throws Exception {
        Run r = run("verify", BRENT_KUNG.toString(), "--n", "1..64", "--json");
        assertEquals(EntangleCli.OK, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertTrue(json.get("passed").asBoolean());
        assertEquals(64, json.get("verifiedUpTo").asInt());
        assertEquals("2N − log2 N − 2", json.get("size").asText());
    }

    @Test
    void aWrongProgramIsReportedWithItsFirstFailingN(@TempDir Path dir) throws Exception {
        // without its down-sweep the program is a reduction, not a scan, from N = 3 on
        String text = Files.readString(BRENT_KUNG);
        String upSweepOnly = text.substring(0, text.indexOf("for step in 1 .. log2(N) {\n  offset = offset / 2"))
                + "assert scan(x)\n";
        Path program = Files.writeString(dir.resolve("up.angel"), upSweepOnly);
        Run r = run("verify", program.toString(), "--n", "1..16", "--json");
        assertEquals(EntangleCli.WRONG, r.status(), r.out() + r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(3, json.get("firstFailure").get("n").asInt());
        assertEquals(2, json.get("verifiedUpTo").asInt());
    }

    @Test
    void diffAgainstTheCatalogueBrentKungIsIdenticalAndAgainstSklanskyItIsNot() throws Exception {
        Run same = run("diff", BRENT_KUNG.toString(), "--example", catalogue("brent-kung-16.json"));
        assertEquals(EntangleCli.OK, same.status(), same.err());
        assertTrue(same.out().contains("identical modulo empty steps"));
        Run other = run("diff", BRENT_KUNG.toString(), "--example", catalogue("sklansky-16.json"));
        assertEquals(EntangleCli.WRONG, other.status());
        assertTrue(other.out().contains("first difference in step 1"), other.out());
    }

    @Test
    void banksCountsConflictsAndTheRemapRemovesMostOfThem() throws Exception {
        Run r = run("banks", BRENT_KUNG.toString(), "--n", "256", "--remap", "--json");
        assertEquals(EntangleCli.OK, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertTrue(json.get("extraCycles").asLong() > 0);
        assertTrue(json.get("remappedExtraCycles").asLong() * 5 < json.get("extraCycles").asLong(), r.out());
    }

    @Test
    void badInputIsOneLocatedLine(@TempDir Path dir) throws Exception {
        Path program = Files.writeString(dir.resolve("bad.angel"), "for step in 1 .. {\n");
        Run r = run("verify", program.toString());
        assertEquals(EntangleCli.BAD_INPUT, r.status());
        assertTrue(r.err().startsWith("entangle verify: " + program + ":1:"), r.err());
        Run range = run("verify", BRENT_KUNG.toString(), "--n", "0..5");
        assertEquals(EntangleCli.BAD_INPUT, range.status());
        assertTrue(range.err().contains("N must be in 1.."), range.err());
    }
}

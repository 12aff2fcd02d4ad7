package org.entangle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** gen, check and eval driven in-process: exit codes, the JSON on stdout and the one-line messages on stderr. */
class NetworkCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The output of one command run. */
    record Run(int status, String out, String err) {
        JsonNode json() throws Exception {
            assertEquals(1, out.strip().lines().count(), "one JSON object on one line: " + out);
            return JSON.readTree(out);
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = EntangleCli.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(status, out.toString(), err.toString());
    }

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    @ParameterizedTest
    @ValueSource(strings = {"gen", "check", "eval"})
    void everyCommandHasHelp(String command) {
        Run r = run(command, "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("Usage: entangle " + command), r.out());
    }

    @Test
    void genPrintsTheFamilysNetworkAsJson() {
        Run r = run("gen", "ladner-fischer", "--n", "12", "--param", "1");
        assertEquals(0, r.status(), r.err());
        Network read = NetworkJsonReader.read("stdout", r.out());
        Network built = Families.build("ladner-fischer", 12, 1);
        assertEquals(built, read);
        assertEquals(built.name(), read.name());
        assertEquals(built.provenance(), read.provenance());
    }

    @Test
    void genWritesTheFormTheExtensionAsksFor() throws Exception {
        for (String name : List.of("sk.json", "sk.txt")) {
            Path file = dir.resolve(name);
            Run r = run("gen", "sklansky", "-n", "10", "-o", file.toString());
            assertEquals(0, r.status(), r.err());
            assertEquals(name.endsWith(".json"), Files.readString(file).startsWith("{"));
            assertEquals(Families.build("sklansky", 10), NetworkFiles.load(file));
        }
    }

    @Test
    void genRejectsUnknownFamiliesBadWidthsAndStrayParameters() {
        assertBadInput(run("gen", "ripple", "--n", "8"), "entangle gen: unknown family 'ripple'");
        assertBadInput(run("gen", "serial", "--n", "0"), "entangle gen: n must be at least 1, got 0");
        assertBadInput(run("gen", "serial", "--n", "8", "--param", "2"), "entangle gen: family serial takes no --param");
        assertBadInput(run("gen", "serial"), "entangle gen: Missing required option: '--n=N'");
        assertBadInput(run("gen", "serial", "--n", "eight"), "entangle gen: Invalid value for option '--n'");
    }

    @Test
    void checkReportsTheVerdictAndEveryMetricAsJson() throws Exception {
        Path file = dir.resolve("bk16.json");
        assertEquals(0, run("gen", "brent-kung", "--n", "16", "-o", file.toString()).status());
        Run r = run("check", file.toString(), "--json");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        JsonNode j = r.json();
        NetworkMetrics m = Metrics.of(Families.build("brent-kung", 16));
        assertTrue(j.get("correct").asBoolean());
        assertEquals(16, j.get("width").asInt());
        assertEquals(m.size(), j.get("size").asInt());
        assertEquals(26, j.get("size").asInt());
        assertEquals(6, j.get("depth").asInt());
        assertEquals(m.steps(), j.get("steps").asInt());
        assertEquals(m.maxFanout(), j.get("maxFanout").asInt());
        assertEquals(26 + 6 - 30, j.get("deficiency").asInt());
        assertFalse(j.has("error"));
    }

    @Test
    void checkLocatesTheFirstDeadOpOfAWrongNetwork() throws Exception {
        Path file = write("wrong.txt", "width: 4\nstep 0: 1<-0 3<-2\nstep 1: 3<-0 2<-1\n");
        Run r = run("check", file.toString(), "--json");
        assertEquals(1, r.status());
        JsonNode error = r.json().get("error");
        assertFalse(r.json().get("correct").asBoolean());
        assertEquals(1, error.get("step").asInt());
        assertEquals(0, error.get("op").asInt());
        assertEquals(3, error.get("wire").asInt());
        assertTrue(error.get("message").asText().contains("[0,0] ⊕ [2,3]"), error.toString());
        Run text = run("check", file.toString());
        assertEquals(1, text.status());
        assertTrue(text.out().startsWith(file + ": NOT a correct forward inclusive (associative) scan"), text.out());
    }

    @Test
    void checkNamesTheOutputWireWhenNoValueDies() throws Exception {
        Path file = write("short.txt", "width: 3\nstep 0: 1<-0\n");
        JsonNode error = run("check", file.toString(), "--json").json().get("error");
        assertTrue(error.get("step").isNull());
        assertEquals(2, error.get("wire").asInt());
        assertEquals("[2,2]", error.get("actual").asText());
        assertEquals("[0,2]", error.get("expected").asText());
    }

    @Test
    void aNetworkThatFillsAGapLaterPassesOnlyUnderTheCommutativeAlgebra() throws Exception {
        Path file = write("gap.txt", "width: 3\nstep 0: 2<-0\nstep 1: 2<-1 1<-0\n");
        assertEquals(1, run("check", file.toString()).status());
        assertEquals(1, run("check", file.toString(), "--algebra", "associative").status());
        assertEquals(0, run("check", file.toString(), "--algebra", "commutative").status());
        assertEquals(0, run("eval", file.toString(), "--values", "5,7,11", "--op", "add").status());
        assertEquals(1, run("eval", file.toString(), "--values", "a,b,c", "--op", "concat").status());
    }

    @Test
    void anOverlappingNetworkPassesOnlyUnderTheIdempotentAlgebra() throws Exception {
        Path file = write("overlap.json", "{\"width\": 3, \"steps\": [[[1,0],[2,1]], [[2,1]]]}");
        assertEquals(1, run("check", file.toString()).status());
        assertEquals(1, run("check", file.toString(), "--algebra", "commutative").status());
        assertEquals(0, run("check", file.toString(), "--algebra", "idempotent").status());
        Run max = run("eval", file.toString(), "--values", "3,1,4", "--op", "max");
        assertEquals(0, max.status());
        assertTrue(max.out().startsWith("outputs:  3 3 4\n"), max.out());
        assertEquals(1, run("eval", file.toString(), "--values", "3,1,4", "--op", "add").status());
    }

    @Test
    void optionsOverrideTheSpecTheFileDeclares() throws Exception {
        Path blelloch = dir.resolve("blelloch.json");
        assertEquals(0, run("gen", "blelloch", "--n", "8", "-o", blelloch.toString()).status());
        JsonNode declared = run("check", blelloch.toString(), "--json").json();
        assertEquals("exclusive", declared.get("kind").asText());
        assertTrue(declared.get("correct").asBoolean());
        assertEquals(1, run("check", blelloch.toString(), "--kind", "inclusive").status());
        Path bk = dir.resolve("bk.json");
        run("gen", "brent-kung", "--n", "8", "-o", bk.toString());
        assertEquals(1, run("check", bk.toString(), "--direction", "backward").status());
        assertEquals(0, run("check", bk.toString(), "--kind", "reduce").status());
        assertEquals("circuit", run("check", bk.toString(), "--model", "circuit", "--json").json().get("model").asText());
    }

    @Test
    void evalPrintsOutputsForEachOperator() throws Exception {
        Path file = dir.resolve("ks.json");
        run("gen", "kogge-stone", "--n", "5", "-o", file.toString());
        Run add = run("eval", file.toString(), "--values", "3,1,4,1,5");
        assertEquals(0, add.status(), add.err());
        assertTrue(add.out().startsWith("outputs:  3 4 8 9 14\n"), add.out());
        JsonNode concat = run("eval", file.toString(), "--values", "a, b,c,d,e", "--op", "concat", "--json").json();
        assertEquals(JSON.readTree("[\"a\",\"ab\",\"abc\",\"abcd\",\"abcde\"]"), concat.get("outputs"));
        assertTrue(concat.get("agrees").asBoolean());
        JsonNode max = run("eval", file.toString(), "--values", "3,1,4,1,5", "--op", "max", "--json").json();
        assertEquals(JSON.readTree("[3,3,4,4,5]"), max.get("outputs"));
    }

    @Test
    void evalRejectsBadValuesAndOperators() throws Exception {
        Path file = dir.resolve("ks.json");
        run("gen", "kogge-stone", "--n", "3", "-o", file.toString());
        assertBadInput(run("eval", file.toString(), "--values", "1,2"), "entangle eval: " + file + " has 3 wires but --values gives 2 values");
        assertBadInput(run("eval", file.toString(), "--values", "1,x,3"), "entangle eval: --values: 'x' is not an integer");
        assertBadInput(run("eval", file.toString(), "--values", "1,2,3", "--op", "min"), "entangle eval: unknown --op 'min'");
        assertBadInput(run("eval", file.toString()), "entangle eval: Missing required option: '--values=V,V,...'");
    }

    @Test
    void badOptionValuesAreUsageErrors() throws Exception {
        Path file = write("bk.txt", "width: 2\nstep 0: 1<-0\n");
        assertBadInput(run("check", file.toString(), "--kind", "prefix"), "entangle check: unknown --kind 'prefix' (expected inclusive, exclusive or reduce)");
        assertBadInput(run("check", file.toString(), "--algebra", "ring"), "entangle check: unknown --algebra 'ring'");
        assertBadInput(run("check", file.toString(), "--direction", "up"), "entangle check: unknown --direction 'up'");
        assertBadInput(run("check", file.toString(), "--model", "gpu"), "entangle check: unknown --model 'gpu'");
        assertBadInput(run("check", file.toString(), "--frobnicate"), "entangle check: Unknown option: '--frobnicate'");
        assertBadInput(run("check"), "entangle check: Missing required parameter: 'FILE'");
    }

    /** Malformed files: exit 2 and one stderr line that starts with file:line:column of the given text. */
    @Test
    void badFilesAreReportedOnOneLocatedLine() throws Exception {
        String[][] cases = {
            // file, content, where the error must point (first occurrence), what it must say
            {"a.json", "{\"width\": 4, \"steps\": [[[1,0]] ; ]}", ";", "bad JSON"},
            {"b.json", "{\"steps\": [[[1,0]]]}", "{", "missing \"width\""},
            {"c.json", "{\"width\": 4,\n\"steps\": [[[1,0], [5,4]]]}", "[5,4]", "wire 5 is out of range 0..3"},
            {"d.json", "{\"width\": 4,\n\"steps\": [[[1,0]], [[2,1], [2,0]]]}", "[2,0]", "wire 2 is written twice in step 1"},
            {"e.json", "{\"width\": 4, \"kind\": \"scan\", \"steps\": []}", "\"scan\"", "unknown kind 'scan'"},
            {"f.json", "{\"width\": 4, \"model\": \"simd\", \"steps\": []}", "\"simd\"", "unknown model 'simd'"},
            {"g.json", "{\"width\": 4, \"algebra\": \"ring\", \"steps\": []}", "\"ring\"", "unknown algebra 'ring'"},
            {"h.json", "{\"width\": 4, \"steps\": [[[1,0,\"add\"]]]}", "\"add\"", "unknown op kind 'add'"},
            {"i.json", "{\"width\": \"4\", \"steps\": []}", "\"4\"", "width must be an integer, found a string"},
            {"j.json", "{\"width\": -4, \"steps\": []}", "-4", "width must be at least 1, got -4"},
            {"k.json", "{\"width\": 4, \"steps\": [[[1,0]], [[3,1,\"combine\",-1]]]}", "[3,1", "only the circuit model allows"},
            {"l.json", "{\"width\": 4, \"steps\": []} !", "!", "unexpected text after the network object"},
            {"m.txt", "width: 4\nstep 0: 1<-0 2+1", "2+1", "bad op '2+1'"},
        };
        for (String[] c : cases) {
            Path file = write(c[0], c[1]);
            Run r = run("check", file.toString(), "--json");
            assertBadInput(r, "entangle check: " + file + ":" + lineAndColumn(c[1], c[2]) + ": ");
            assertTrue(r.err().contains(c[3]), r.err());
        }
    }

    /** "line:column" (1-based) of the first occurrence of {@code snippet} in {@code text}. */
    private static String lineAndColumn(String text, String snippet) {
        int offset = text.indexOf(snippet);
        String before = text.substring(0, offset);
        int line = (int) before.chars().filter(ch -> ch == '\n').count() + 1;
        return line + ":" + (offset - before.lastIndexOf('\n'));
    }

    @Test
    void aModelOverrideThatBreaksARuleIsLocatedInTheFile() throws Exception {
        Path file = write("circuit.txt", "width: 3\nmodel: circuit\nstep 0: 1<-0\nstep 1: 2<-1@-1\n");
        assertEquals(1, run("check", file.toString()).status());
        assertBadInput(run("check", file.toString(), "--model", "inplace"),
                "entangle check: " + file + ":4:9: step 1, op 0: op 2<-1@-1 reads an older value of wire 1");
    }

    @Test
    void aMissingFileIsBadInput() {
        Path missing = dir.resolve("none.json");
        assertBadInput(run("check", missing.toString()), "entangle check: " + missing + ":1:1: cannot read the file");
    }

    private static void assertBadInput(Run r, String errPrefix) {
        assertEquals(2, r.status(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith(errPrefix), "expected '" + errPrefix + "...', got " + r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
    }
}

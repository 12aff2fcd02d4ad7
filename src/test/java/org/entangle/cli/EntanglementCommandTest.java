package org.entangle.cli;

import static org.entangle.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.Writer;
import java.util.List;
import org.entangle.entanglement.AngelDomain;
import org.entangle.entanglement.TraceJson;
import org.entangle.entanglement.TraceSet;
import org.entangle.network.Network;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EntanglementCommandTest {

    private static final String Z4 = "src/test/resources/onward15-traces/z4.csv";


    @Test
    void jsonGivesTheBlocksAsColumnIndices() throws Exception {
        CliRun r = run("entangle", Z4, "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(16, json.get("traces").asInt());
        assertEquals(8, json.get("angels").asInt());
        assertEquals("[[0,5],[1,7],[2,4],[3,6]]", json.get("blocks").toString());
        assertTrue(json.get("seconds").asDouble() >= 0);
    }

    @Test
    void pairwiseWritesDot(@TempDir Path dir) throws Exception {
        Path dot = dir.resolve("z4.dot");
        CliRun r = run("entangle", Z4, "--pairwise", "--dot", dot.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("pairwise approximation"));
        String text = Files.readString(dot);
        assertTrue(text.contains("label=\"pairwise approximation"), text);
        assertTrue(text.contains("a0 -- a5"), text);
        assertEquals(4, text.split(" -- ").length - 1, "z4 has four entangled pairs");
    }

    @Test
    void badInputIsOneLocatedLine(@TempDir Path dir) throws Exception {
        Path ragged = dir.resolve("ragged.csv");
        Files.writeString(ragged, "0,1\n1\n");
        CliRun r = run("entangle", ragged.toString());
        assertEquals(2, r.status());
        assertEquals("entangle entangle: " + ragged + ":2: this row has 1 values but line 1 has 2 (every trace gives one value per angel)",
                r.err().strip());
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, "");
        CliRun e = run("entangle", empty.toString());
        assertEquals(2, e.status());
        assertTrue(e.err().contains("no traces"), e.err());
        CliRun missing = run("entangle", dir.resolve("nope.csv").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());
        CliRun function = run("entangle", Z4, "--view", "function");
        assertEquals(2, function.status());
        assertTrue(function.err().contains("functional view needs the network"), function.err());
    }

    @Test
    void functionalViewOfTracesThatCarryNetworks(@TempDir Path dir) throws Exception {
        AngelDomain schedule = AngelDomain.ofIntegers("schedule", 0, 2);
        TraceSet.Builder builder = TraceSet.builder(List.of(schedule));
        Network early = Network.ofPairs(4, new int[][] {{1, 0}, {3, 2}}, new int[][] {{2, 1}, {3, 1}}, new int[0][]);
        Network late = Network.ofPairs(4, new int[][] {{1, 0}}, new int[][] {{3, 2}}, new int[][] {{2, 1}, {3, 1}});
        Network serial = Network.ofPairs(4, new int[][] {{1, 0}}, new int[][] {{2, 1}}, new int[][] {{3, 2}});
        builder.add(new int[] {schedule.codeOfInteger(0)}, early);
        builder.add(new int[] {schedule.codeOfInteger(1)}, late);
        builder.add(new int[] {schedule.codeOfInteger(2)}, serial);
        Path file = dir.resolve("traces.json");
        try (Writer w = Files.newBufferedWriter(file)) {
            TraceJson.write(builder.build(), w);
        }
        CliRun r = run("entangle", file.toString(), "--view", "function", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(2, json.get("traces").asInt(), "two schedules of one dataflow are one computation");
        assertEquals("[[0]]", json.get("rawBlocks").toString());
        CliRun text = run("entangle", file.toString(), "--view", "function");
        assertTrue(text.out().contains("raw choices: 1 block"), text.out());
        assertTrue(text.out().contains("functional view, finest valid partition"), text.out());
    }

    @Test
    void crossProductsAlongASplit() throws Exception {
        CliRun r = run("entangle", Z4, "--cross", "0", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode subsets = new ObjectMapper().readTree(r.out()).get("crossProducts");
        assertEquals("[{\"heads\":1,\"tails\":8,\"traces\":8},{\"heads\":1,\"tails\":8,\"traces\":8}]", subsets.toString());
        CliRun text = run("entangle", Z4, "--cross", "0,5");
        assertTrue(text.out().contains("1 maximal subset that factor"), text.out());
        assertEquals(2, run("entangle", Z4, "--cross", "9").status());
    }

    @Test
    void textExplainsEachBlock() {
        CliRun r = run("entangle", Z4);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("finest valid partition: 4 blocks"), r.out());
        assertTrue(r.out().contains("block 0: 2 angels {a0, a5}, 2 combinations, 25.0% of log|T|: (0,0) (1,1)"), r.out());
    }

    @Test
    void refineListsTheMaximalBoxesAlongAManyPartRefinement() {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int status = org.entangle.cli.EntangleCli.run(new java.io.PrintWriter(out), new java.io.PrintWriter(err),
                "entangle", Z4, "--refine", "0,5;1,7;2,4;3,6");
        assertEquals(0, status, err.toString());
        assertTrue(out.toString().contains("1 maximal box") && out.toString().contains("2 x 2 x 2 x 2 = 16 traces"), out.toString());
    }
}

package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.junit.jupiter.api.Test;

class TraceSetTest {

    private static TraceSet csv(String text) throws IOException {
        return TraceCsv.read(new StringReader(text), "t.csv", TraceCsv.Header.AUTO);
    }

    @Test
    void deduplicatesAndProjects() throws IOException {
        TraceSet set = csv("0,x,1\n1,y,1\n0,x,1\n1,x,1\n");
        assertEquals(3, set.size());
        assertEquals(4, set.addedCount());
        TraceSet projected = set.project(new int[] {2, 0});
        assertEquals(2, projected.size());
        assertEquals(List.of("a2", "a0"), projected.names());
        assertEquals("1", projected.token(0, 0));
    }

    @Test
    void filtersByValueAndByNetworkMetric() {
        List<AngelDomain> domains = List.of(AngelDomain.ofIntegers("x", 0, 1));
        TraceSet.Builder builder = TraceSet.builder(domains);
        Network serial = Network.ofPairs(3, new int[][] {{1, 0}}, new int[][] {{2, 1}});
        Network wide = Network.ofPairs(3, new int[][] {{1, 0}, {2, 1}}, new int[][] {{2, 0}});
        builder.add(new int[] {domains.get(0).codeOfInteger(0)}, serial);
        builder.add(new int[] {domains.get(0).codeOfInteger(1)}, wide);
        builder.add(new int[] {0}, null);
        TraceSet set = builder.build();
        assertEquals("⊥", set.token(2, 0));
        assertEquals(1, set.filterByValue(0, "1").size());
        TraceSet small = set.filterByNetwork(m -> m.size() == 2);
        assertEquals(1, small.size());
        assertEquals(serial, small.network(0).orElseThrow());
        assertThrows(IllegalArgumentException.class, () -> builder.add(new int[] {3}));
    }

    @Test
    void csvHeaderAndJsonRoundTrip() throws IOException {
        TraceSet set = csv("#p,q\n0,1\n1,0\n");
        assertEquals(List.of("p", "q"), set.names());
        StringWriter csvOut = new StringWriter();
        TraceCsv.write(set, csvOut);
        assertEquals("#p,q\n0,1\n1,0\n", csvOut.toString());
        StringWriter jsonOut = new StringWriter();
        TraceJson.write(set, jsonOut);
        TraceSet back = TraceJson.read(new StringReader(jsonOut.toString()), "t.json");
        assertEquals(PartitionOracle.rows(set), PartitionOracle.rows(back));
        assertEquals(set.names(), back.names());
    }

    @Test
    void jsonCarriesNetworks() throws IOException {
        TraceSet set = TalkProgramTraces.enumerate(4, 4, 3);
        StringWriter out = new StringWriter();
        TraceJson.write(set, out);
        TraceSet back = TraceJson.read(new StringReader(out.toString()), "t.json");
        assertEquals(set.networks(), back.networks());
        assertTrue(back.hasNetworks());
    }

    @Test
    void badCsvSaysWhereAndWhy() {
        TraceFormatException ragged = assertThrows(TraceFormatException.class, () -> csv("0,1\n1,0\n1\n"));
        assertEquals(3, ragged.line());
        assertTrue(ragged.getMessage().startsWith("t.csv:3: this row has 1 values but line 1 has 2"), ragged.getMessage());
        TraceFormatException header = assertThrows(TraceFormatException.class, () -> csv("#p,q,r\n0,1\n"));
        assertEquals("t.csv:1: the header names 3 angels but line 2 has 2 values", header.getMessage());
        assertThrows(TraceFormatException.class, () -> csv("#p,p\n0,1\n"));
        TraceFormatException empty = assertThrows(TraceFormatException.class, () -> csv("\n\n"));
        assertTrue(empty.getMessage().contains("no traces"));
        TraceFormatException tooMany = assertThrows(TraceFormatException.class, () -> TraceCsv.read(new StringReader("0\n1\n2\n"),
                "t.csv", new TraceCsv.Options(TraceCsv.Header.AUTO, 2, 0, 0)));
        assertEquals(3, tooMany.line());
        assertTrue(tooMany.getMessage().contains("more than 2 traces"), tooMany.getMessage());
    }

    @Test
    void sampleIsASubsetOfTheRequestedSize() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100; i++) text.append(i).append(',').append(i % 7).append('\n');
        TraceSet sampled = TraceCsv.read(new StringReader(text.toString()), "t.csv", new TraceCsv.Options(TraceCsv.Header.AUTO, 10, 20, 5));
        assertEquals(20, sampled.size());
        for (int r = 0; r < sampled.size(); r++) {
            assertEquals(Integer.parseInt(sampled.token(r, 0)) % 7, Integer.parseInt(sampled.token(r, 1)));
        }
        TraceSet whole = csv(text.toString());
        assertEquals(30, whole.sample(30, 9).size());
        assertFalse(whole.sample(30, 9).hasNetworks());
    }

    @Test
    void emptyAndSingletonSets() {
        TraceSet empty = TraceSet.builder(List.of(new AngelDomain("x", List.of("0")))).build();
        assertThrows(IllegalArgumentException.class, () -> FinestPartition.of(empty));
        List<AngelDomain> domains = new ArrayList<>();
        for (int a = 0; a < 3; a++) domains.add(new AngelDomain("a" + a, List.of("0", "1")));
        TraceSet.Builder one = TraceSet.builder(domains);
        one.add(new int[] {1, 0, 1});
        Partition p = FinestPartition.of(one.build());
        assertEquals(List.of(List.of(0), List.of(1), List.of(2)), p.angelLists());
    }

    @Test
    void packsAcrossWords() {
        List<AngelDomain> domains = new ArrayList<>();
        for (int a = 0; a < 40; a++) domains.add(AngelDomain.ofIntegers("a" + a, 0, 5));
        TraceSet.Builder builder = TraceSet.builder(domains);
        int[] codes = new int[40];
        for (int t = 0; t < 6; t++) {
            for (int a = 0; a < 40; a++) codes[a] = 1 + (a < 20 ? t : (t * 5 + a) % 6);
            builder.add(codes);
        }
        TraceSet set = builder.build();
        assertTrue(set.layout().words() > 1);
        Partition p = FinestPartition.of(set);
        assertTrue(PartitionOracle.isValid(PartitionOracle.rows(set), p.angelLists()));
        assertEquals(1, p.blocks().size(), "every angel is a function of the trace index");
    }
}

package org.entangle.cli;

import static org.entangle.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.entangle.network.Network;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.metrics.Metrics;
import org.junit.jupiter.api.Test;

/** The optimize and pareto commands: JSON that rebuilds into a checked network, and the exit statuses. */
class OptimizeCommandTest {


    /** Reads the embedded network with the project's network format reader. */
    private static Network rebuild(JsonNode json) {
        return NetworkJsonReader.read("optimize output", json.toString());
    }

    @Test
    void optimizeJsonRebuildsIntoTheClaimedOptimalNetwork() throws Exception {
        for (String model : new String[] {"circuit", "inplace"}) {
            CliRun r = run("optimize", "--n", "16", "--depth", "5", "--model", model, "--json");
            assertEquals(0, r.status(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertEquals(25, json.get("size").asInt());
            assertTrue(json.get("optimal").asBoolean());
            Network net = rebuild(json.get("network"));
            assertTrue(RangeChecker.check(net).correct());
            assertEquals(25, Metrics.of(net).size());
            assertTrue(Metrics.of(net).depth() <= 5);
        }
    }

    @Test
    void circuitNetworksReadOlderValues() throws Exception {
        CliRun r = run("optimize", "--n", "32", "--depth", "6", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(56, json.get("size").asInt());
        Network net = rebuild(json.get("network"));
        assertTrue(RangeChecker.check(net).correct());
        assertEquals(6, Metrics.of(net).depth());
    }

    @Test
    void maxOpsFindsTheLowestDepth() throws Exception {
        CliRun r = run("optimize", "--n", "8", "--max-ops", "9", "--json");
        assertEquals(0, r.status(), r.err());
        assertEquals(5, new ObjectMapper().readTree(r.out()).get("depth").asInt());
    }

    @Test
    void exitStatuses() {
        CliRun tooShallow = run("optimize", "--n", "16", "--depth", "3");
        assertEquals(1, tooShallow.status());
        assertTrue(tooShallow.err().contains("log2"), tooShallow.err());
        CliRun tooFewOps = run("optimize", "--n", "8", "--max-ops", "6");
        assertEquals(1, tooFewOps.status());
        assertEquals(2, run("optimize", "--n", "8", "--depth", "3", "--model", "gpu").status());
        assertEquals(2, run("optimize", "--n", "0", "--depth", "3").status());
        assertEquals(2, run("optimize", "--n", "8").status());
        assertEquals(2, run("optimize", "--n", "8", "--depth", "3", "--max-ops", "12").status());
        assertFalse(run("optimize", "--n", "8", "--depth", "-1").err().contains("Exception"));
    }

    @Test
    void paretoJsonListsTheFront() throws Exception {
        CliRun r = run("pareto", "--n", "6", "--json");
        assertEquals(0, r.status(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertTrue(json.get("complete").asBoolean());
        assertTrue(json.get("points").size() >= 3);
        for (JsonNode p : json.get("points")) {
            assertTrue(RangeChecker.check(rebuild(p.get("network"))).correct());
        }
    }
}

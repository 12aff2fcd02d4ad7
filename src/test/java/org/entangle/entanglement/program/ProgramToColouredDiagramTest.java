package org.entangle.entanglement.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.diagram.export.SvgExporter;
import org.entangle.entanglement.AngelChoices;
import org.entangle.entanglement.BlockColours;
import org.entangle.entanglement.FinestPartition;
import org.entangle.entanglement.Partition;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * Program to coloured diagram end to end: from the talk's N = 8 program, restricted to minimum-size networks (8 ops in
 * 6 steps), through the oracle's traces and the finest partition, to a diagram whose ops carry their blocks' colours.
 */
@Tag("slow")
class ProgramToColouredDiagramTest {

    static final String TALK_N8_MIN_SIZE = """
            N = 8
            ops = 0
            for step in 1 .. 2 * log2(N) {
              parallel r in 0 .. N - 1 {
                if (!!) {
                  x[r] = x[r - !!(1 .. r)] + x[r]
                  ops += 1
                }
              }
            }
            assert scan(x)
            assert ops <= 8
            """;

    @Test
    void minimumSizeNetworksOfTheTalkProgramGetBlockColouredDiagrams() {
        Machine machine = Machine.of(Program.parse(TALK_N8_MIN_SIZE), Map.of());
        ProgramTraceSets.Collected collected = ProgramTraceSets.collect(machine, net -> true, 1_000_000, CancellationToken.withTimeout(120));
        assertEquals(35, collected.set().size(), "the minimum-size networks of 6 steps at n = 8");
        for (Network net : collected.set().networks()) {
            assertTrue(RangeChecker.check(net).correct());
            assertEquals(8, Metrics.of(net).size());
        }
        Partition partition = FinestPartition.of(collected.set());
        assertTrue(partition.blocks().size() > 1);
        AngelChoices choices = ProgramTraceSets.choicesOf(collected.traces().get(0), collected.angelNames());
        Network network = collected.traces().get(0).network();
        OpGroups groups = BlockColours.opGroups(choices, partition, collected.angelNames());
        int coloured = 0;
        for (int s = 0; s < network.stepCount(); s++) {
            for (int k = 0; k < network.step(s).size(); k++) {
                if (groups.groupOf(s, k).isPresent()) coloured++;
            }
        }
        assertEquals(network.opCount(), coloured, "every op was chosen by one integer angel");
        String svg = SvgExporter.toSvg(Figure.of(DiagramLayouter.layout(network,
                DiagramOptions.DEFAULT.withGroups(groups).withColourBy(DiagramOptions.ColourBy.GROUPS))), ExportOptions.DEFAULT);
        int block = groups.groupOf(0, 0).orElseThrow();
        assertTrue(svg.toUpperCase().contains(BlockColours.colour(block).toUpperCase()), "the op's block colour is drawn");
    }

    @Test
    void theEntangleCommandTakesAProgramAndNamesItsAngels(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path program = java.nio.file.Files.writeString(dir.resolve("min8.angel"), TALK_N8_MIN_SIZE);
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int status = org.entangle.cli.EntangleCli.run(new java.io.PrintWriter(out), new java.io.PrintWriter(err),
                "entangle", program.toString(), "--json");
        assertEquals(0, status, err.toString());
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
        assertEquals(35, json.get("traces").asInt());
        assertTrue(json.get("blocks").get(0).get(0).asText().startsWith("!!@"), out.toString());
    }
}

package org.entangle.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DiagramLayouterTest {

    static Stream<Arguments> networks() {
        return Stream.of("sklansky", "kogge-stone", "brent-kung", "ladner-fischer", "han-carlson")
                .flatMap(f -> Stream.of(5, 16).map(n -> Arguments.of(Families.build(f, n))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void everyOpIsADotOnItsDestinationWireInItsRow(Network network) {
        DiagramLayout layout = DiagramLayouter.layout(network);
        assertEquals(network.width(), layout.wires().size());
        assertEquals(network.opCount(), layout.ops().size());
        for (DiagramLayout.OpMark op : layout.ops()) {
            DiagramLayout.Wire dst = layout.wires().get(op.op().dst());
            DiagramLayout.Wire src = layout.wires().get(op.op().src());
            assertEquals(dst.x1(), op.x(), 1e-9, "dot on the destination wire");
            assertEquals(src.x1(), op.srcX(), 1e-9, "line starts on the source wire");
            assertTrue(op.srcY() < op.y(), "the line comes from earlier in time");
            assertTrue(op.y() > dst.y1() && op.y() < dst.y2(), "the dot lies on the wire");
            assertEquals(op.step(), op.row(), "schedule rows are the steps");
            assertTrue(op.x() > 0 && op.x() < layout.width() && op.y() > 0 && op.y() < layout.height());
        }
        Set<Double> rowYs = new HashSet<>();
        layout.ops().forEach(op -> rowYs.add(op.y()));
        assertEquals(network.stepCount(), rowYs.size(), "one row per step");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void everyOutputIsLabelledWithItsPrefixRange(Network network) {
        List<String> outputs = DiagramLayouter.layout(network).labels().stream()
                .filter(l -> l.role() == DiagramLayout.Role.OUTPUT).map(DiagramLayout.Label::text).toList();
        assertEquals(network.width(), outputs.size());
        for (int w = 0; w < network.width(); w++) assertEquals("[0," + w + "]", outputs.get(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void theConeOfOutputWHasExactlyWOps(Network network) {
        // In a correct scan output w combines w + 1 disjoint inputs, so its cone is a tree of exactly w combines.
        Dataflow flow = Dataflow.of(network);
        assertEquals(network.width() + Metrics.of(network).size(), flow.valueCount());
        for (int w = 0; w < network.width(); w++) {
            assertEquals(w, flow.cone(ValueRef.output(w)).cardinality(), "cone of output " + w);
        }
        int last = network.width() - 1;
        DiagramLayout layout = DiagramLayouter.layout(network, DiagramOptions.DEFAULT.withCone(ValueRef.output(last)));
        long emphasised = layout.ops().stream().filter(DiagramLayout.OpMark::emphasised).count();
        assertEquals(last, emphasised);
        layout.ops().stream().filter(op -> !op.emphasised()).forEach(op -> assertEquals(DiagramStyle.DIMMED, op.colour()));
    }

    @Test
    void asapRowsFollowTheDepthNotTheSteps() {
        Network bk = Families.build("brent-kung", 16);
        DiagramLayout schedule = DiagramLayouter.layout(bk);
        DiagramLayout asap = DiagramLayouter.layout(bk, DiagramOptions.DEFAULT.withRows(DiagramOptions.Rows.ASAP));
        int depth = Metrics.of(bk).depth();
        assertEquals(bk.stepCount(), schedule.ops().stream().mapToInt(DiagramLayout.OpMark::row).max().getAsInt() + 1);
        assertEquals(depth, asap.ops().stream().mapToInt(DiagramLayout.OpMark::row).max().getAsInt() + 1);
        assertNotEquals(bk.stepCount(), depth, "the test needs a network whose schedule is not ASAP");
        for (DiagramLayout.OpMark op : asap.ops()) assertTrue(op.row() <= op.step());
    }

    @Test
    void msbLeftMirrorsAndHorizontalTransposes() {
        Network net = Families.build("sklansky", 8);
        DiagramLayout plain = DiagramLayouter.layout(net);
        DiagramLayout mirrored = DiagramLayouter.layout(net, DiagramOptions.DEFAULT.withMsbLeft(true));
        assertTrue(mirrored.wires().get(7).x1() < mirrored.wires().get(0).x1());
        assertTrue(plain.wires().get(0).x1() < plain.wires().get(7).x1());
        DiagramLayout horizontal = DiagramLayouter.layout(net,
                DiagramOptions.DEFAULT.withOrientation(DiagramOptions.Orientation.HORIZONTAL));
        for (DiagramLayout.Wire w : horizontal.wires()) assertEquals(w.y1(), w.y2(), 1e-9);
        for (DiagramLayout.OpMark op : horizontal.ops()) {
            assertEquals(horizontal.wires().get(op.op().dst()).y1(), op.y(), 1e-9);
            assertTrue(op.srcX() < op.x(), "time flows to the right");
        }
    }

    @Test
    void colouringByStepFanoutAndGroups() {
        Network ks = Families.build("kogge-stone", 8);
        DiagramLayout byStep = DiagramLayouter.layout(ks, DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.STEP));
        for (DiagramLayout.OpMark op : byStep.ops()) assertEquals(DiagramStyle.categorical(op.row()), op.colour());
        Dataflow flow = Dataflow.of(ks);
        DiagramLayout byFanout = DiagramLayouter.layout(ks, DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.FANOUT));
        for (DiagramLayout.OpMark op : byFanout.ops()) {
            int value = flow.produced(flow.flat(op.step(), op.index()));
            assertEquals(DiagramStyle.categorical(flow.fanout(value)), op.colour());
        }
        OpGroups groups = new OpGroups.Builder(List.of("first", "second"), List.of("#E69F00", "#56B4E9")).put(0, 0, 0).put(1, 2, 1).build();
        DiagramLayout byGroup = DiagramLayouter.layout(ks, DiagramOptions.DEFAULT.withGroups(groups));
        for (DiagramLayout.OpMark op : byGroup.ops()) {
            int expected = op.step() == 0 && op.index() == 0 ? 0xE69F00
                    : op.step() == 1 && op.index() == 2 ? 0x56B4E9 : DiagramStyle.DIFF_COMMON;
            assertEquals(expected, op.colour());
        }
        assertTrue(byGroup.labels().stream().anyMatch(l -> l.role() == DiagramLayout.Role.LEGEND && l.text().equals("second")));
    }

    @Test
    void diffSplitsOpsIntoCommonOnlyHereAndOnlyThere() {
        Network sklansky = Families.build("sklansky", 16);
        Network ks = Families.build("kogge-stone", 16);
        FunctionalDiff self = FunctionalDiff.of(ks, ks);
        assertEquals(ks.opCount(), self.common().cardinality());
        assertTrue(self.onlyThere().isEmpty());
        FunctionalDiff diff = FunctionalDiff.of(sklansky, ks);
        int common = diff.common().cardinality();
        assertEquals(ks.opCount() - common, diff.onlyThere().size());
        assertTrue(common > 0 && common < sklansky.opCount());
        DiagramLayout layout = DiagramLayouter.layout(sklansky, DiagramOptions.DEFAULT.withDiffAgainst(ks));
        assertEquals(sklansky.opCount() + diff.onlyThere().size(), layout.ops().size());
        long foreign = layout.ops().stream().filter(DiagramLayout.OpMark::foreign).count();
        assertEquals(diff.onlyThere().size(), foreign);
        BitSet commonMarks = new BitSet();
        for (int k = 0; k < sklansky.opCount(); k++) {
            if (layout.ops().get(k).colour() == DiagramStyle.DIFF_COMMON) commonMarks.set(k);
        }
        assertEquals(diff.common(), commonMarks);
    }

    @Test
    void rangesOnOpsAreTheValuesTheyLeave() {
        Network ks = Families.build("kogge-stone", 8);
        DiagramLayout layout = DiagramLayouter.layout(ks, DiagramOptions.DEFAULT.withRanges(true));
        List<String> rangeLabels = layout.labels().stream().filter(l -> l.role() == DiagramLayout.Role.RANGE)
                .map(DiagramLayout.Label::text).toList();
        assertEquals(ks.opCount(), rangeLabels.size());
        for (int k = 0; k < ks.opCount(); k++) {
            DiagramLayout.OpMark op = layout.ops().get(k);
            int lo = Math.max(0, op.op().dst() - (1 << (op.step() + 1)) + 1);
            assertEquals("[" + lo + "," + op.op().dst() + "]", op.value());
            assertEquals(op.value(), rangeLabels.get(k));
        }
        assertFalse(DiagramLayouter.layout(ks).labels().stream().anyMatch(l -> l.role() == DiagramLayout.Role.RANGE));
    }
}

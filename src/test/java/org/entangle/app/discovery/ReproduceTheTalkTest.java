package org.entangle.app.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.shell.MainWindow;
import org.entangle.app.shell.TestWorkbench;
import org.entangle.discovery.Constraint;
import org.entangle.discovery.TalkTour;
import org.entangle.discovery.TraceStates;
import org.entangle.entanglement.Block;
import org.entangle.lang.Program;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.Pin;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Help → Reproduce the talk at N = 8, run with the mouse alone (no code typed): from the talk's program through the
 * constraints the entanglement results suggest to Brent and Kung's network, the talk's generalised program verified
 * for N = 1..1024 and its backward variant. At each discovery stage the count shrinks, equals the count of the
 * stage's program by another engine (the interpreter) and, where the stage before was analysed whole, the number of
 * its traces that meet the new constraint (read from their states and networks); the partition is valid (the product
 * of its blocks' combinations is the number of analysed traces).
 */
@UiTest
class ReproduceTheTalkTest {

    private MainWindow window;
    private org.entangle.app.WorkbenchModel workbench;

    @Start
    void start(Stage stage) throws Exception {
        TestWorkbench bench = TestWorkbench.in(java.nio.file.Files.createTempDirectory("entangle-tour"));
        window = bench.window();
        workbench = bench.model();
        stage.setScene(new javafx.scene.Scene(window, 1280, 800));
        stage.show();
    }

    /** Whether a trace of the talk's program at N = 8 (6 steps) meets a constraint, read from its states and network. */
    private static boolean keeps(Constraint constraint, org.entangle.oracle.Trace trace) {
        TraceStates states = TraceStates.of(trace, 8, 6);
        if (constraint instanceof Constraint.PinState p) return java.util.Arrays.equals(states.los(p.pin().afterStep()), p.pin().lo());
        if (constraint instanceof Constraint.Slice s) return s.keeps(Metrics.of(trace.network()));
        Constraint.FixBlock fix = (Constraint.FixBlock) constraint;
        return fix.fixes().stream().allMatch(w -> states.lo(w.afterStep(), w.wire()) == w.lo());
    }

    @Test
    void theTourAtEightReachesAVerifiedBrentKungProgram(FxRobot robot) throws Exception {
        robot.clickOn("Help").clickOn("Reproduce the talk…");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("discovery", WaitForAsyncUtils.asyncFx(() -> window.shownPanel()).get());
        TourPane pane = (TourPane) robot.lookup("#tour-table").queryAs(TableView.class).getParent();
        TourViewModel tour = pane.model();
        assertEquals(8, tour.nProperty().get(), "the tour opens at N = 8");
        robot.clickOn(robot.lookup("#tour-run-all").queryAs(Button.class));
        WaitForAsyncUtils.waitFor(240, TimeUnit.SECONDS, () -> tour.finishedProperty().get() || workbench.problemProperty().get() != null);
        assertEquals(null, workbench.problemProperty().get(), "the tour reported a problem");
        TalkTour talk = tour.tour();
        List<org.entangle.discovery.Stage> stages = talk.session().stages();
        int filtered = 0;
        for (int i = 0; i < stages.size(); i++) {
            org.entangle.discovery.Stage s = stages.get(i);
            System.out.println("stage " + i + ": " + s.countWithUnit() + "; " + s.analysed() + "; " + s.structure());
            BigInteger other = TraceOracles.of(Program.parse(s.text()), Map.of("N", 8), p -> { }).count(new CancellationToken());
            if (s.spec().slice().isEmpty()) assertEquals(other, s.count(), "stage " + i + ": the interpreter's count");
            else assertTrue(s.count().compareTo(other) <= 0, "a slice keeps some of its program's traces");
            BigInteger product = BigInteger.ONE;
            for (Block b : s.rawPartition().blocks()) product = product.multiply(BigInteger.valueOf(b.combinations()));
            assertEquals(BigInteger.valueOf(s.traces().set().size()), product, "stage " + i + ": a valid partition");
            if (i > 0) assertTrue(s.count().compareTo(stages.get(i - 1).count()) < 0, "stage " + i + " shrinks the space");
            org.entangle.discovery.Stage before = i == 0 ? null : stages.get(i - 1);
            if (before != null && BigInteger.valueOf(before.traceList().size()).equals(before.count())) {
                Constraint added = s.spec().constraints().get(s.spec().constraints().size() - 1);
                long kept = before.traceList().stream().filter(t -> keeps(added, t)).count();
                assertEquals(BigInteger.valueOf(kept), s.count(), "stage " + i + ": the previous stage's traces that " + added.describe());
                filtered++;
            }
        }
        assertEquals(stages.size() - 2, filtered, "every stage after the pin is checked against the stage before");
        assertTrue(stages.get(0).analysed().contains("minimum size"), "a space too large to take whole is analysed on a stated slice");
        Constraint.PinState pin = (Constraint.PinState) stages.get(1).spec().constraints().get(0);
        assertEquals(Pin.brentKungUpSweep(8, 3).format(), pin.pin().format(), "the angels' reduction is Brent and Kung's up-sweep");
        assertTrue(stages.get(1).openBlocks().size() > 1, "with the up-sweep pinned the down-sweep splits into independent blocks");
        assertTrue(stages.get(stages.size() - 1).openBlocks().isEmpty());
        assertEquals(BigInteger.ONE, stages.get(stages.size() - 1).count());
        assertEquals(Families.build("brent-kung", 8).withoutEmptySteps(), talk.discovered(), "the discovered network is Brent-Kung's");
        assertEquals(11, Metrics.of(talk.discovered()).size());
        List<TourViewModel.Row> rows = tour.rows();
        rows.forEach(r -> System.out.println(r.title() + ": " + r.found()));
        assertEquals(talk.steps().size(), rows.size());
        String verified = rows.stream().filter(r -> r.title().startsWith("Verify")).findFirst().orElseThrow().found();
        assertTrue(verified.startsWith("correct for every N = 1..1024"), verified);
        String variant = rows.stream().filter(r -> r.title().startsWith("A variant")).findFirst().orElseThrow().found();
        assertTrue(variant.contains("is correct for every N = 1..1024"), variant);
        String gpu = rows.get(rows.size() - 1).found();
        assertTrue(gpu.startsWith("skipped: ") || gpu.startsWith("correct: "), gpu);
        assertTrue(robot.lookup("#crumb-" + (stages.size() - 1)).tryQuery().isPresent(), "the breadcrumb shows every stage");
    }

    @Test
    void theTourBarShowsTheWidthTheTourRunsAt(FxRobot robot) throws Exception {
        robot.clickOn("Help").clickOn("Reproduce the talk…");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<Integer> width = robot.lookup("#tour-n").queryAs(javafx.scene.control.ComboBox.class);
        TourViewModel tour = ((TourPane) robot.lookup("#tour-table").queryAs(TableView.class).getParent()).model();
        WaitForAsyncUtils.asyncFx(() -> tour.nProperty().set(16)).get();
        assertEquals(16, width.getValue(), "a tour started at N = 16 (the --tour option) shows 16");
        WaitForAsyncUtils.asyncFx(() -> width.setValue(8)).get();
        assertEquals(8, tour.nProperty().get(), "choosing 8 in the bar sets the tour's N");
    }
}

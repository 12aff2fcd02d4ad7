package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link IdlePanelBuilder}: nothing is built before the user has been idle for the quiet time; then every build runs,
 * in order, each in a turn of its own on the UI thread; input in the window or other activity postpones the builds
 * for as long as it keeps coming; a running job that cannot give way holds them, and its end lets them go on after the
 * gap; the others are asked to give way before each build.
 */
@ExtendWith(ApplicationExtension.class)
class IdlePanelBuilderTest {

    private static final long QUIET_MS = 400;
    private static final long GAP_MS = 20;
    private static final Duration QUIET = Duration.millis(QUIET_MS);
    private static final Duration GAP = Duration.millis(GAP_MS);

    private final List<String> built = new CopyOnWriteArrayList<>();
    private final List<Long> turns = new CopyOnWriteArrayList<>();
    private final List<Integer> askedToGiveWay = new CopyOnWriteArrayList<>();
    private final SimpleIntegerProperty activity = new SimpleIntegerProperty();
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty();
    private Scene scene;

    @Start
    void start(Stage stage) {
        Button button = new Button("stir");
        button.setId("stir");
        scene = new Scene(new StackPane(button), 300, 200);
        stage.setScene(scene);
        stage.show();
    }

    private List<Runnable> builds(String... names) {
        return Arrays.stream(names).map(name -> (Runnable) () -> {
            assertTrue(Platform.isFxApplicationThread());
            built.add(name);
            turns.add(System.nanoTime());
        }).toList();
    }

    private void gaveWay() {
        assertTrue(Platform.isFxApplicationThread());
        askedToGiveWay.add(built.size());
    }

    @Test
    void everyPanelIsBuiltInOrderOnceTheUserIsIdleAndTheJobsAreAskedToGiveWayFirst(FxRobot robot) throws Exception {
        long started = System.nanoTime();
        WaitForAsyncUtils.asyncFx(() -> IdlePanelBuilder.start(scene, builds("gallery", "network", "gpu"), activity, busy,
                this::gaveWay, QUIET, GAP)).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> built.size() == 3);
        assertEquals(List.of("gallery", "network", "gpu"), built);
        assertEquals(List.of(0, 1, 2), askedToGiveWay, "the builds already done each time the jobs were asked to give way");
        assertTrue(turns.get(0) - started >= QUIET_MS * 1_000_000, "built before the quiet time passed");
        assertTrue(turns.get(1) - turns.get(0) >= GAP_MS * 1_000_000, "two builds in one turn");
    }

    @Test
    void inputInTheWindowPostponesTheBuilds(FxRobot robot) throws Exception {
        int[] moves = {0};
        postponedWhile(() -> robot.moveTo("#stir").moveBy(++moves[0] % 2 == 0 ? 5 : -5, 0));
    }

    @Test
    void otherActivityPostponesTheBuilds(FxRobot robot) throws Exception {
        postponedWhile(() -> robot.interact(() -> activity.set(activity.get() + 1)));
    }

    @Test
    void aRunningJobHoldsTheBuildsUntilItEnds(FxRobot robot) throws Exception {
        robot.interact(() -> busy.set(true));
        WaitForAsyncUtils.asyncFx(() -> IdlePanelBuilder.start(scene, builds("gallery", "network"), activity, busy,
                this::gaveWay, QUIET, GAP)).get();
        Thread.sleep(3 * QUIET_MS);
        assertTrue(built.isEmpty(), "built while a job ran: " + built);
        long ended = System.nanoTime();
        robot.interact(() -> busy.set(false));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> built.size() == 1);
        assertTrue(turns.get(0) - ended >= GAP_MS * 1_000_000, "built in the turn the job ended");
        assertTrue(turns.get(0) - ended < QUIET_MS * 1_000_000, "waited the whole quiet time after a job with no input");
        robot.interact(() -> busy.set(true));
        Thread.sleep(3 * QUIET_MS);
        assertEquals(List.of("gallery"), built, "the next build ran while a job ran");
        robot.interact(() -> busy.set(false));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> built.size() == 2);
    }

    /** Starts two builds, stirs every quarter of the quiet time for three quiet times, and checks when they ran. */
    private void postponedWhile(Runnable stir) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> IdlePanelBuilder.start(scene, builds("gallery", "network"), activity, busy,
                this::gaveWay, QUIET, GAP)).get();
        long stirredUntil = System.nanoTime() + 3 * QUIET_MS * 1_000_000;
        while (System.nanoTime() < stirredUntil) {
            stir.run();
            Thread.sleep(QUIET_MS / 4);
        }
        long stopped = System.nanoTime();
        assertTrue(built.isEmpty(), "built while the user was active: " + built);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> built.size() == 2);
        assertTrue(turns.get(0) - stopped >= QUIET_MS * 1_000_000 / 2, "built right after the user stopped");
    }
}

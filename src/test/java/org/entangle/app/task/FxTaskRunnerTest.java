package org.entangle.app.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The runner's start-up hold: jobs submitted while it holds run only once it is released, and then all of them;
 * which running jobs give way to the UI; and whose status the status bar shows.
 */
@ExtendWith(ApplicationExtension.class)
class FxTaskRunnerTest {

    @Test
    void heldJobsWaitUntilReleasedThenRunAndReportOnTheUiThread() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        List<String> ran = new CopyOnWriteArrayList<>();
        List<Boolean> reportedOnUiThread = new CopyOnWriteArrayList<>();
        CountDownLatch reported = new CountDownLatch(3);
        runner.hold();
        for (String name : List.of("first", "second")) {
            runner.submit(name, c -> ran.add(name), r -> {
                reportedOnUiThread.add(Platform.isFxApplicationThread());
                reported.countDown();
            }, e -> { });
        }
        Thread.sleep(300);
        assertEquals(List.of(), ran, "a held job ran before the release");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(runner.busyProperty().get(), "held jobs count as running");

        runner.release();
        runner.submit("third", c -> ran.add("third"), r -> {
            reportedOnUiThread.add(Platform.isFxApplicationThread());
            reported.countDown();
        }, e -> { });
        assertTrue(reported.await(10, TimeUnit.SECONDS), "the released jobs did not all finish: " + ran);
        assertEquals(3, ran.size(), "a job ran twice or not at all: " + ran);
        assertEquals(Set.of("first", "second", "third"), Set.copyOf(ran));
        assertEquals(List.of(true, true, true), reportedOnUiThread);
        runner.shutdown();
    }

    @Test
    void whenTheLatestJobEndsTheOneBeforeShowsItsStatusAgain() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        CountDownLatch endSearch = new CountDownLatch(1);
        CountDownLatch endProbe = new CountDownLatch(1);
        WaitForAsyncUtils.asyncFx(() -> runner.submit("Search", c -> {
            c.progress("3 states", 0.25);
            return endSearch.await(30, TimeUnit.SECONDS);
        }, r -> { }, e -> { })).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.messageProperty().get().equals("Search: 3 states"));

        WaitForAsyncUtils.asyncFx(() -> runner.submit("Probe", c -> endProbe.await(30, TimeUnit.SECONDS), r -> { }, e -> { })).get();
        assertEquals("Probe", runner.messageProperty().get(), "the latest job shows");
        assertEquals(-1, runner.fractionProperty().get());

        endProbe.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.messageProperty().get().equals("Search: 3 states"));
        assertEquals(0.25, runner.fractionProperty().get());
        assertTrue(runner.busyProperty().get());

        endSearch.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !runner.busyProperty().get());
        runner.shutdown();
    }

    @Test
    void aJobThatAsksForItsPacerStopsCountingAsNotGivingWay() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        CountDownLatch paced = new CountDownLatch(1);
        CountDownLatch endPaced = new CountDownLatch(1);
        CountDownLatch endPlain = new CountDownLatch(1);
        runner.submit("search", c -> {
            c.pacer();
            paced.countDown();
            endPaced.await();
            return null;
        }, r -> { }, e -> { });
        assertTrue(paced.await(10, TimeUnit.SECONDS));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(true, false), states(runner), "[busy, busy not giving way] with only a paced job running");
        runner.submit("sort", c -> {
            endPlain.await();
            return null;
        }, r -> { }, e -> { });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(true, true), states(runner), "with a job that never asked for its pacer");
        endPaced.countDown();
        Thread.sleep(100);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(true, true), states(runner), "once the paced job ended");
        endPlain.countDown();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !states(runner).contains(true));
        runner.shutdown();
    }

    private static List<Boolean> states(FxTaskRunner runner) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> List.of(runner.busyProperty().get(), runner.busyNotGivingWayProperty().get()))
                .get();
    }

    @Test
    void releasingAfterShutdownStartsNothing() throws Exception {
        FxTaskRunner runner = new FxTaskRunner();
        List<String> ran = new CopyOnWriteArrayList<>();
        runner.hold();
        runner.submit("late", c -> ran.add("late"), r -> { }, e -> { });
        runner.shutdown();
        runner.release();
        Thread.sleep(200);
        assertEquals(List.of(), ran);
    }
}

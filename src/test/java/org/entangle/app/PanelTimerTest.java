package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@code --time-panels}: every panel but the one shown is opened once, in the tabs' order, and gets one line with its
 * name, the longest turn of the UI thread the watchdog saw while it opened, the time until it was first shown and the
 * time its construction took: shown no sooner than built, and the construction, one turn, seen by the watchdog; then
 * the problem notice gets a line the same way and is dismissed.
 */
@ExtendWith(ApplicationExtension.class)
class PanelTimerTest {

    private static final Pattern LINE = Pattern.compile(Pattern.quote(DesktopOptions.PANEL_OPENED) + "(\\S+) (\\d+) ms \\(longest UI-thread turn; shown after (\\d+) ms, built in (\\d+) ms\\)");

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-panel-timer", 1000, 700);
    }

    @Test
    void everyOtherPanelIsOpenedOnceAndTimed(FxRobot robot) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CountDownLatch done = new CountDownLatch(1);
        String shown = WaitForAsyncUtils.asyncFx(() -> window.shownPanel()).get();
        robot.interact(() -> PanelTimer.timeEveryPanel(window, window.getScene(), Duration.millis(50),
                new PrintStream(bytes, true, StandardCharsets.UTF_8), done::countDown));
        assertTrue(done.await(60, TimeUnit.SECONDS), "the timer did not finish: " + bytes);
        StagedParts.awaitBuilt();

        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        List<String> panels = window.panelNames().stream().filter(name -> !name.equals(shown)).toList();
        List<String> expected = new ArrayList<>(panels);
        expected.add(PanelTimer.PROBLEM_NOTICE);
        assertEquals(expected.size(), lines.size(), String.join("\n", lines));
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINE.matcher(lines.get(i));
            assertTrue(m.matches(), lines.get(i));
            assertEquals(expected.get(i), m.group(1));
            long longest = Long.parseLong(m.group(2));
            long shownAfter = Long.parseLong(m.group(3));
            long built = Long.parseLong(m.group(4));
            assertTrue(shownAfter >= built, "shown before it was built: " + lines.get(i));
            assertTrue(longest >= built / 2, "the watchdog missed the construction's turn: " + lines.get(i));
        }
        assertEquals(panels.get(panels.size() - 1), WaitForAsyncUtils.asyncFx(() -> window.shownPanel()).get());
        assertNull(WaitForAsyncUtils.asyncFx(() -> window.model().problemProperty().get()).get(), "the timed notice is dismissed");
    }
}

package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.shell.MainWindow;
import org.entangle.app.shell.TestWorkbench;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The program editor shows a program from its first line, the caret there, in every frame: at the start and when a
 * whole new program replaces it (a template, an opened workspace); replacing the text leaves the caret at its end.
 */
@UiTest
class ProgramEditorTopTest {

    private final List<Integer> firstShownLines = new CopyOnWriteArrayList<>();
    private MainWindow window;
    private CodeArea editor;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.in(Files.createTempDirectory("program-editor-top")).window();
        Scene scene = new Scene(window, 1000, 700);
        stage.setScene(scene);
        stage.show();
        editor = (CodeArea) window.lookup("#program-editor");
        scene.addPostLayoutPulseListener(() -> firstShownLines.add(editor.firstVisibleParToAllParIndex()));
    }

    @Test
    void showsTheProgramFromItsFirstLineAtTheStartAndForANewProgram(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !firstShownLines.isEmpty());
        assertFromTheTop("at the start");

        String longProgram = IntStream.range(0, 80).mapToObj(i -> "x[" + i + "] = x[" + i + "] + 1")
                .collect(Collectors.joining("\n", "N = 16\n", "\n"));
        robot.interact(() -> {
            firstShownLines.clear();
            window.program().textProperty().set(longProgram);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !firstShownLines.isEmpty());
        assertFromTheTop("for a new program");
    }

    private void assertFromTheTop(String when) {
        assertFalse(firstShownLines.isEmpty());
        assertEquals(List.of(0), firstShownLines.stream().distinct().toList(), "first line shown in each frame " + when);
        assertEquals(0, editor.getCaretPosition(), "caret " + when);
    }
}

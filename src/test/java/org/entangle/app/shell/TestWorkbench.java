package org.entangle.app.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.files.SettingsStore;

/**
 * The workbench window the UI tests drive: the catalogue's model, real background tasks, settings kept in a folder of
 * the test's own, and a quit action that does nothing.
 *
 * @param runner  the background tasks' runner
 * @param tracker the runner as the model sees it
 * @param model   the workbench model
 * @param window  the window's content
 */
public record TestWorkbench(FxTaskRunner runner, TrackingTaskRunner tracker, WorkbenchModel model, MainWindow window) {

    /** The window of a workbench whose settings live in a new temporary folder, shown in {@code stage} at the size given. */
    public static MainWindow shown(Stage stage, String folderPrefix, double width, double height) throws IOException {
        MainWindow window = in(Files.createTempDirectory(folderPrefix)).window();
        stage.setScene(new Scene(window, width, height));
        stage.show();
        return window;
    }

    /** A workbench whose settings live in {@code settings}. */
    public static TestWorkbench in(Path settings) {
        FxTaskRunner runner = new FxTaskRunner();
        TrackingTaskRunner tracker = new TrackingTaskRunner(runner);
        WorkbenchModel model = WorkbenchModel.withCatalogue(tracker);
        MainWindow window = new MainWindow(model, new WorkbenchActions(model, new SettingsStore(settings)), runner, tracker, () -> { });
        return new TestWorkbench(runner, tracker, model, window);
    }
}

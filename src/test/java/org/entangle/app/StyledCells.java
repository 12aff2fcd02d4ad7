package org.entangle.app;

import java.util.function.Supplier;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.layout.StackPane;
import org.testfx.util.WaitForAsyncUtils;

/** Measures list cells as the workbench's light style sheets make them, for the lists given a fixed row height. */
public final class StyledCells {

    private StyledCells() {
    }

    /** The preferred height of the cell {@code make} builds on the UI thread, styled by the workbench's style sheets. */
    public static double ownHeight(Supplier<ListCell<String>> make) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            ListCell<String> cell = make.get();
            Scene scene = new Scene(new StackPane(cell), 400, 200);
            scene.getStylesheets().setAll(StyledCells.class.getResource("base.css").toExternalForm(),
                    StyledCells.class.getResource("light.css").toExternalForm());
            cell.applyCss();
            return cell.prefHeight(-1);
        }).get();
    }
}

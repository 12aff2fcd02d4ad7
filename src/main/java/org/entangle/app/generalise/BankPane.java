package org.entangle.app.generalise;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** Bank conflicts: the summary line and two heat-maps, the network as written and with the best remap. */
final class BankPane extends BorderPane {

    BankPane(GeneraliseViewModel model) {
        Label summary = new Label("Bank conflicts runs the program at the range's last N and maps its shared-memory accesses "
                + "to 32 banks (ops on lanes in order, 32-lane warps, 4-byte elements).");
        summary.setId("banks-summary");
        summary.setWrapText(true);
        summary.setPadding(new Insets(6));
        BankHeatMap asWritten = new BankHeatMap("as written");
        BankHeatMap remapped = new BankHeatMap("best remap");
        java.util.function.Consumer<BankView> show = b -> {
            summary.setText(b.summary());
            asWritten.show(b.original());
            remapped.show(b.best());
        };
        model.banksProperty().addListener((o, a, b) -> show.accept(b));
        if (model.banksProperty().get() != null) show.accept(model.banksProperty().get());
        HBox maps = new HBox(8, asWritten, remapped);
        HBox.setHgrow(asWritten, Priority.ALWAYS);
        HBox.setHgrow(remapped, Priority.ALWAYS);
        asWritten.setPrefWidth(300);
        remapped.setPrefWidth(300);
        setTop(summary);
        setCenter(maps);
    }
}

package org.entangle.app.gpu;

import static org.entangle.app.Controls.button;

import java.io.File;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.stage.FileChooser;

/** The GPU panel: the device or "no CUDA driver found", the selected network's CUDA kernel, Save, Check. */
public final class GpuPanel extends BorderPane {

    public GpuPanel(GpuViewModel model) {
        Label device = new Label();
        device.setId("gpu-device");
        device.textProperty().bind(model.deviceProperty());
        TextArea source = new TextArea();
        source.setEditable(false);
        source.getStyleClass().add("inspector");
        source.setTooltip(new Tooltip("The CUDA kernel generated for the selected network (one block per tile, int32 sum)"));
        source.textProperty().bind(model.sourceProperty());
        ListView<String> results = new ListView<>(model.results());
        results.setPlaceholder(new Label("Check compiles the kernel with nvcc and compares it with the host scan"));
        results.setTooltip(new Tooltip("Results of Check on the GPU"));
        javafx.scene.control.Button check = button("Check on GPU", "Compile with nvcc and check the kernel on the device",
                e -> model.check());
        check.disableProperty().bind(model.availableProperty().not());
        FlowPane bar = new FlowPane(8, 6,
                button("Save CUDA…", "Save the generated kernel as a .cu file", e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.setInitialFileName("scan.cu");
                    File f = chooser.showSaveDialog(getScene().getWindow());
                    if (f != null) model.save(f.toPath());
                }),
                check,
                new Label("device:"), device);
        bar.setPadding(new Insets(6));
        SplitPane body = new SplitPane(source, results);
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.75);
        setTop(bar);
        setCenter(body);
        model.probe();
    }
}

package org.entangle.app.gpu;

import static org.entangle.app.Controls.button;

import java.io.File;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import org.entangle.app.code.CodeAreas;
import org.entangle.app.code.CodeHighlighter;
import org.fxmisc.richtext.CodeArea;

/**
 * The GPU panel: the device or "no CUDA driver found", the selected network's CUDA kernel highlighted, Save,
 * Check on GPU (results list) and Benchmark (the throughput chart).
 */
public final class GpuPanel extends BorderPane {

    public GpuPanel(GpuViewModel model) {
        Label device = new Label();
        device.setId("gpu-device");
        device.textProperty().bind(model.deviceProperty());
        device.setStyle("-fx-font-weight: bold;");
        Tooltip why = new Tooltip();
        why.textProperty().bind(model.deviceDetailProperty());
        device.setTooltip(why);
        ListView<String> results = new ListView<>(model.results());
        results.setId("gpu-results");
        Label placeholder = new Label("Check on GPU compiles the kernel with nvcc and compares it with the host scan. "
                + "Benchmark measures the network's device-wide scan in GB/s against CUB and memcpy.");
        placeholder.setWrapText(true);
        placeholder.setPadding(new javafx.geometry.Insets(12));
        results.setPlaceholder(placeholder);
        Button check = button("Check on GPU", "Compile with nvcc and check the kernel on the device", e -> model.check());
        Button bench = button("Benchmark", "Device-wide scan of this network against CUB and memcpy, 2^16 … 2^28 elements",
                e -> model.benchmark());
        check.disableProperty().bind(model.availableProperty().not().or(model.busyProperty()));
        bench.disableProperty().bind(model.availableProperty().not().or(model.busyProperty()));
        Button tournament = button("Tournament", "Time the working set's networks of this width and the catalogue families on the"
                + " device (block scan, each checked first) against CUB's WarpScan and BlockScan; the report opens in the gallery",
                e -> model.tournament());
        tournament.setId("gpu-tournament");
        tournament.disableProperty().bind(model.availableProperty().not().or(model.busyProperty()));
        Button cancel = button("Cancel", "Stop waiting for the check or benchmark", e -> model.cancel());
        cancel.visibleProperty().bind(model.busyProperty());
        cancel.managedProperty().bind(model.busyProperty());
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(model.busyProperty());
        progress.managedProperty().bind(model.busyProperty());
        Label needs = new Label("— Check and Benchmark need one; the kernel above can still be saved.");
        needs.visibleProperty().bind(model.availableProperty().not().and(model.deviceProperty().isEqualTo(GpuViewModel.NO_DRIVER)));
        Button save = button("Save CUDA…", "Save the generated kernel as a .cu file", e -> {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName(model.kernelProperty().get() == null ? "scan.cu" : model.kernelProperty().get().entry() + ".cu");
            File f = chooser.showSaveDialog(getScene().getWindow());
            if (f != null) model.save(f.toPath());
        });
        save.setId("gpu-save");
        FlowPane bar = new FlowPane(8, 6, save, check, bench, tournament, progress, cancel, new Label("device:"), device, needs);
        bar.setPadding(new Insets(6));
        SplitPane lower = new SplitPane(results, new ThroughputChart(model.throughput()));
        lower.setDividerPositions(0.45);
        SplitPane body = new SplitPane(source(model), lower);
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.62);
        setTop(bar);
        setCenter(body);
        model.probe();
    }

    private static Region source(GpuViewModel model) {
        CodeArea source = CodeAreas.create(CodeHighlighter.CUDA, false);
        source.setId("gpu-source");
        if (model.highlightedProperty().get() != null) CodeAreas.show(source, model.highlightedProperty().get());
        model.highlightedProperty().addListener((o, a, text) -> CodeAreas.show(source, text));
        return CodeAreas.scrolled(source);
    }
}
